import { dps, FREQUENCY, fx, multi, q, single, type QuestionDef } from '../question-definitions';
import { BOTH } from './datasets';
import { SOCIAL_PLATFORMS } from './social-platforms';

export function social(): QuestionDef[] {
  const usage = multi(
    'social_platform_usage',
    'Social media platforms used',
    'Social networks and messaging apps used in the last month (reach): TikTok, Instagram, Facebook, YouTube, X (Twitter), Snapchat, LinkedIn, Pinterest, Reddit, Twitch, WhatsApp...',
    ['social.platforms', 'g.media.social'],
    SOCIAL_PLATFORMS,
    0.3,
    { datasets: BOTH },
  );
  const freq = q({
    code: 'social_platform_frequency',
    name: 'Social media platform usage frequency',
    description: 'How often people use each social platform they use: daily, weekly, monthly or less often (daily active users, engagement, heavy users).',
    kind: 'grid_single',
    categories: ['social.platforms', 'g.media.social'],
    datasets: BOTH,
    datapoints: dps(
      'social_platform_frequency',
      SOCIAL_PLATFORMS.map((s) => ({ ...s, p: Math.min(0.85, s.p + 0.1) })),
    ),
    suffixes: FREQUENCY,
    model: { type: 'scale', tau: [-0.4, 1.4, 2.6] },
    rowsFrom: 'social_platform_usage',
    flags: ['grid', 'frequency'],
    notice: 'Each platform is asked only of its users.',
  });
  const activities: [string, string[]][] = [
    ['tiktok', ['Watch videos', 'Post videos', 'Go live', 'Shop on TikTok Shop', 'Follow creators', 'Search for information', 'Comment', 'Share videos']],
    ['instagram', ['Post photos', 'Post stories', 'Watch Reels', 'Follow brands', 'Shop', 'Message friends', 'Follow influencers', 'Browse Explore']],
    ['facebook', ['Keep in touch with family', 'Join groups', 'Use Marketplace', 'Watch videos', 'Read news', 'Create events', 'Follow pages', 'Post updates']],
    [
      'youtube',
      [
        'Watch music videos',
        'Watch tutorials',
        'Watch Shorts',
        'Watch gaming videos',
        'Watch product reviews',
        'Subscribe to channels',
        'Watch live streams',
        'Comment',
      ],
    ],
    ['x_twitter', ['Follow news', 'Post', 'Follow celebrities', 'Watch live events', 'Follow brands', 'Join Spaces', 'Repost', 'Search trends']],
    ['snapchat', ['Send snaps', 'Post stories', 'Use filters', 'Watch Spotlight', 'Use Snap Map', 'Chat with friends', 'Watch Discover', 'Play games']],
    [
      'linkedin',
      ['Look for jobs', 'Network professionally', 'Read industry news', 'Post updates', 'Follow companies', 'Take courses', 'Message contacts', 'Join groups'],
    ],
    [
      'pinterest',
      ['Find recipes', 'Plan home decor', 'Find fashion ideas', 'Plan events', 'Save ideas', 'Shop products', 'Find DIY projects', 'Find beauty tips'],
    ],
    ['reddit', ['Read discussions', 'Post questions', 'Comment', 'Follow communities', 'Read news', 'Share memes', 'Research products', 'Ask for advice']],
    [
      'twitch',
      [
        'Watch gaming streams',
        'Watch just chatting',
        'Subscribe to streamers',
        'Stream myself',
        'Chat',
        'Watch esports',
        'Watch music streams',
        'Clip highlights',
      ],
    ],
  ];
  const perPlatform = activities.map(([platform, acts]) => {
    const name = SOCIAL_PLATFORMS.find((s) => s.code === platform)?.name ?? platform;
    return multi(
      `${platform}_activities`,
      `Activities on ${name}`,
      `What ${name} users do on ${name} (behaviours, features used).`,
      ['social.activities'],
      acts,
      0.35,
      { askedIf: { question: 'social_platform_usage', datapoints: [platform] }, notice: `Asked only of ${name} users.` },
    );
  });
  return [
    usage,
    freq,
    ...perPlatform,
    multi(
      'social_media_reasons',
      'Main reasons for using social media',
      'Motivations for using social networks: staying in touch, news, entertainment, finding products, following brands, inspiration.',
      ['social.activities'],
      [
        'Staying in touch with friends and family',
        'Filling spare time',
        'Reading news stories',
        'Finding funny or entertaining content',
        'Seeing what is being talked about',
        'Finding inspiration for things to do',
        'Finding products to buy',
        'Sharing photos or videos',
        'Following celebrities or influencers',
        'Networking for work',
        'Watching live streams',
        'Following sports',
        'Meeting new people',
        'Following brands',
      ],
      0.28,
    ),
    multi(
      'social_commerce_actions',
      'Social commerce actions',
      'Shopping-related actions on social media: bought through an in-app checkout, clicked an ad, followed a brand, discovered a product via an influencer.',
      ['social.activities', 'commerce.online'],
      [
        'Bought a product directly on a social platform',
        'Clicked on a sponsored post',
        'Followed a brand',
        'Discovered a product via an influencer',
        'Watched a live shopping stream',
        'Used a discount code from a creator',
      ],
      0.16,
    ),
    single(
      'influencer_trust',
      'Trust in influencers',
      'How much people trust product recommendations from social media influencers and creators.',
      ['social.activities', 'marketing'],
      ['Trust a lot', 'Trust somewhat', 'Neutral', 'Distrust somewhat', 'Distrust a lot'].map((n) => ({ name: n })),
      fx(1.2, -0.2, 0, 0.1, -0.5),
    ),
  ];
}
