import { fx, slug } from '../question-definitions';

/* The social platforms of the demo survey: usage, reach and how usage drifts across waves. */

const PLATFORM_INPUT: { name: string; code?: string; p: number; fx: ReturnType<typeof fx>; drift: number }[] = [
  { name: 'TikTok', p: 0.42, fx: fx(-2.6, 0.35, 0, 0, 0.6, 0.3), drift: 0.11 },
  { name: 'Instagram', p: 0.6, fx: fx(-1.9, 0.35, 0, 0.2, 0.5, 0), drift: 0.03 },
  { name: 'Facebook', p: 0.66, fx: fx(1.1, 0.2, 0.4, 0, -0.2, 0), drift: -0.09 },
  { name: 'YouTube', p: 0.82, fx: fx(-0.7, -0.2, 0, 0.1, 0.6, 0.6), drift: 0.01 },
  { name: 'X', code: 'x_twitter', p: 0.33, fx: fx(-0.4, -0.5, 0, 0.4, 0.6, 0.3), drift: -0.07 },
  { name: 'Snapchat', p: 0.25, fx: fx(-2.8, 0.4, 0, -0.1, 0.4, 0.2), drift: -0.02 },
  { name: 'LinkedIn', p: 0.28, fx: fx(0.1, -0.1, 0.1, 1.4, 0.7, 0), drift: 0.02 },
  { name: 'Pinterest', p: 0.27, fx: fx(-0.3, 1.3, 0.5, 0.3, 0.2, -0.2), drift: 0 },
  { name: 'Reddit', p: 0.22, fx: fx(-1.3, -0.8, -0.2, 0.3, 1.1, 0.8), drift: 0.04 },
  { name: 'Twitch', p: 0.13, fx: fx(-2, -1, -0.3, 0, 0.9, 2.1), drift: 0.02 },
  { name: 'WhatsApp', p: 0.72, fx: fx(0.1, 0.2, 0.3, 0, 0.2, 0), drift: 0.02 },
  { name: 'Messenger', p: 0.45, fx: fx(0.6, 0.2, 0.3, -0.1, -0.1, 0), drift: -0.05 },
  { name: 'Telegram', p: 0.2, fx: fx(-0.5, -0.4, 0, 0, 0.8, 0.3), drift: 0.03 },
  { name: 'Discord', p: 0.14, fx: fx(-2.1, -0.7, -0.4, 0, 1, 2), drift: 0.04 },
  { name: 'Threads', p: 0.1, fx: fx(-1, 0.3, 0, 0.3, 0.6, 0), drift: 0.08 },
  { name: 'BeReal', p: 0.05, fx: fx(-2.6, 0.3, -0.5, 0, 0.4, 0), drift: -0.05 },
];

export const SOCIAL_PLATFORMS = PLATFORM_INPUT.map((d) => ({ ...d, code: d.code ?? slug(d.name) }));
