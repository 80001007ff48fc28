* A small file with one problem of each kind the import checks (see the survey-import README):.
* a duplicate respondent id, a zero, a negative and a missing weight, a wave code the mapping does not know,.
* a value without a label and a variable nobody answered.
DATA LIST LIST /resp_id wave market gender weight hours empty.
BEGIN DATA
1 1 1 1 1.5 10 .
2 1 1 2 0.5 20 .
2 1 2 1 1.0 30 .
3 2 1 2 0 40 .
4 2 2 1 -1 5 .
5 2 2 7 1 . .
6 3 1 1 1 12 .
7 1 1 2 . 8 .
END DATA.
FORMATS resp_id wave market gender (F1.0) weight (F5.2) hours (F3.0) empty (F1.0).
VALUE LABELS wave 1 'Q1 2025' 2 'Q2 2025' 3 'Q3 2025' /market 1 'United States' 2 'United Kingdom' /gender 1 'Male' 2 'Female' /empty 1 'Yes'.
SAVE OUTFILE='@SAV@' /UNCOMPRESSED.
