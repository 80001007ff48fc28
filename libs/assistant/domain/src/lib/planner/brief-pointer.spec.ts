import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief } from './brief';
import { pointedRequest, pointsBack } from './brief-pointer';

const demo = demoPlannerCatalogue();

describe('pointsBack', () => {
  it('reads an ask that names nothing and points back with a pronoun', () => {
    expect(pointsBack('Can you get it?', demo)).toBe(true);
    expect(pointsBack('Could you pull that by Friday?', demo)).toBe(true);
  });
  it('leaves questions of their own and asks that name something', () => {
    expect(pointsBack('How many of them use it?', demo)).toBe(false);
    expect(pointsBack('Can you pull that for TikTok?', demo)).toBe(false);
    expect(pointsBack('Is that right?', demo)).toBe(false);
  });
});

describe('pointedRequest', () => {
  it('finds the nearest sentence before the ask that names a topic', () => {
    const sentences = ['The client is a bank.', 'We need the share of Gen Z in France who use Snapchat.', 'Could you pull that?'];
    expect(pointedRequest(sentences, 2, demo)).toBe(1);
    expect(pointedRequest(['The client is a bank.', 'Could you pull that?'], 1, demo)).toBe(-1);
  });
  it('plans the request a brief points back to, the pointing ask set aside', () => {
    const focus = focusBrief('The deck needs the top 5 streaming services among Parents in the US. Can you do this by Friday?', demo);
    expect(focus?.ask).toMatch(/top 5 streaming services among Parents in the US/);
    expect(focus?.context).toEqual(['Can you do this by Friday?']);
  });
});
