import { CatalogueIndex } from '../catalogue-index';
import { cueRegex } from '../intents';
import { LEXICON } from '../../lexicon/lexicon';
import { stem, STOPWORDS } from '../text';
import { questionsOf, spanAudience } from './audiences';
import { CONNECTORS } from './cues';
import { GLUE } from './roles';
import { KindCues, Reading, Roles, Span } from './types';

/** How many words on each side of a group may describe it ("people living in rural areas"). */
const REACH = 4;

/**
 * The words around a group that describe it in the words of its own question: "people living in
 * rural areas", "those who live in the suburbs", "countryside residents" (Area lived in: "lives
 * in a city, suburb or the countryside"). When something else is measured, or the group is
 * profiled, they say who the group is, not what is asked: they are marked used so they find no
 * topic, and a name inside them ("live" of "Go live") is no topic of its own. A prompt that asks
 * about the demographic itself ("what proportion of Americans live in rural areas?") keeps them.
 */
export function groupDescriptions(reading: Reading, roles: Roles, index: CatalogueIndex, cues: KindCues): void {
  const groups = reading.spans.filter((s) => s.entry.kind === 'audience' || roles.groupSpans.includes(s));
  if (groups.length === 0) return;
  const described = new Set<Span>();
  const marked: number[] = [];
  for (const group of groups) {
    const expression = group.entry.kind === 'audience' ? group.entry.expression : null;
    // A group of answers ("who expect their finances to get better": Financial outlook) is described by its questions' words too.
    const codes = group.entry.kind === 'datapoint' ? [...new Set(group.entry.refs.map((r) => r.question.code))] : [...questionsOf(expression, new Set())];
    const own = new Set<string>();
    for (const code of codes) {
      const qw = index.questionWords.get(code);
      if (qw) for (const s of [...qw.name, ...qw.description]) own.add(s);
    }
    if (own.size === 0) continue;
    const walk = (from: number, step: number) => {
      for (let i = from, n = 0; i >= 0 && i < reading.words.length && n < REACH; i += step, n++) {
        const w = reading.words[i];
        if (w === '|' || CONNECTORS.has(w)) return;
        const inside = reading.spans.find((s) => s !== group && i >= s.start && i < s.end);
        if (inside) {
          // A name made only of the group's own words describes it too ("live" in "who live in ...").
          // An answer of the group's own question named there is measured ("Gamers ... own a VR headset").
          const ownAnswer = inside.entry.kind === 'datapoint' && inside.entry.refs.some((r) => codes.includes(r.question.code));
          if (inside.entry.kind === 'datapoint' && !ownAnswer && reading.words.slice(inside.start, inside.end).every((x) => own.has(stem(x)))) {
            described.add(inside);
            continue;
          }
          return;
        }
        // A group of answers leaves loose words of its question to the topic ("which social platforms are daily Snapchat users on").
        if (own.has(stem(w))) {
          if (group.entry.kind !== 'datapoint') marked.push(i);
        } else if (!STOPWORDS.has(w) && !GLUE.has(w)) return;
      }
    };
    walk(group.start - 1, -1);
    walk(group.end, 1);
  }
  const measured = roles.topicSpans.filter((s) => !described.has(s));
  // An answer roles made a group says something else is measured, by words if by no name ("which holiday types ...").
  const groupOfAnswer = roles.groupSpans.some((g) => g.entry.kind === 'datapoint' && !described.has(g));
  if (measured.length === 0 && !groupOfAnswer && !cues.indexing && !cues.openIndexing) return;
  for (const i of marked) reading.used.add(i);
  if (described.size === 0) return;
  roles.topicSpans = measured;
  reading.spans = reading.spans.filter((s) => !described.has(s));
  // Read as a group of its own ("who live in": "Go live"), it is no part of a side either.
  const ids = new Set([...described].map((s) => spanAudience(s)?.id));
  roles.groupSpans = roles.groupSpans.filter((s) => !described.has(s));
  roles.sides = roles.sides.map((side) => side.filter((a) => !ids.has(a.id))).filter((side) => side.length > 0);
}

/**
 * The words of a request to describe a group ("what do Millennials care about", "what matters
 * most to parents", `cues.json` `profileRequests`) ask for its profile: they name no topic ("care"
 * is not "Beauty and personal care"). Marked used, so that with no other topic the group is
 * profiled; a thing named besides them is still the topic ("which brands do they care about").
 */
export function profileRequestWords(reading: Reading): void {
  const { words } = reading;
  const text = words.join(' ');
  const match = PROFILE_REQUEST_PHRASE.exec(text);
  if (!match) return;
  const start = text.slice(0, match.index).split(' ').length - 1;
  const length = match[0].split(' ').length;
  for (let i = start; i < start + length; i++) if (!reading.spans.some((s) => i >= s.start && i < s.end)) reading.used.add(i);
}

const PROFILE_REQUEST_PHRASE = cueRegex(LEXICON.cues.profileRequests);
