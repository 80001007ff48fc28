import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const sides = (prompt: string) => answerPlan(prompt, demo).audiences.map((a) => a.name);

describe('a list of answers typed without its commas', () => {
  it('parts answers of one question said side by side, as commas would', () => {
    expect(sides('Students retirees and full-time workers on daily podcast listening')).toEqual(
      sides('Students, retirees and full-time workers on daily podcast listening'),
    );
    expect(sides('Gen Z Millennials and Gen X Spotify use in Germany')).toEqual(['Gen Z', 'Millennials', 'Gen X']);
    expect(sides('urban suburban or rural which is most likely to own an electric car')).toHaveLength(3);
  });
  it('keeps answers of different questions side by side as one audience', () => {
    expect(sides('Gen Z women and Gen Z men on TikTok use')).toHaveLength(2);
  });
});
