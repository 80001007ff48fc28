import { fx, multi, type QuestionDef } from '../question-definitions';

/**
 * Questions added after the demo data was fixed: last in catalogue order (so every earlier
 * attribute keeps its id) and drawing from a stream of their own (so every earlier answer stays
 * as it was: the assistant's evaluation sets and the tests are written against those figures).
 */
export function addedQuestions(): QuestionDef[] {
  return [
    // Routed, and asked respondents may choose none (a plug-in hybrid that is never plugged in):
    // the demo's example of "asked" differing from "answered" (docs/metrics.md#asked-the-respondents-who-were-asked).
    multi(
      'car_charging_places',
      'Where the car is charged',
      'Where households with a hybrid or electric car charge it: a private charger, the workplace, public rapid chargers, supermarket car parks, on-street points.',
      ['finance.products'],
      [
        { name: 'Private charger (driveway or garage)', code: 'private_charger', p: 0.45, fx: fx(0.3, 0, 0.4, 0.8) },
        { name: 'Workplace', p: 0.15, fx: fx(-0.2, -0.2, 0, 0.5, 0.3) },
        { name: 'Public rapid charger', p: 0.18, fx: fx(-0.4, -0.3, 0, 0.2, 0.6) },
        { name: 'Supermarket or retail car park', p: 0.15 },
        { name: 'On-street charging point', p: 0.1, fx: fx(-0.5, 0, -0.3, -0.2) },
      ],
      0.2,
      {
        askedIf: { question: 'car_ownership', datapoints: ['hybrid_car', 'electric_car'] },
        ownStream: true,
        notice: 'Asked only of households with a hybrid or electric car; those who never charge it chose none.',
      },
    ),
  ];
}
