/**
 * The MCP tools of the assistant: names, titles, descriptions, annotations, and input and output
 * JSON Schemas (draft 2020-12). The input schemas are what `tools/call` checks arguments against,
 * so what a model reads is what the server enforces.
 */
import { expressionJsonSchemas } from '@aas/audience-expression-domain';

/** Bounds of the tools' arguments (past them: a tool error naming the argument). */
export const MCP_LIMITS = { prompt: 2000, id: 64, query: 500, name: 255, rows: 20, columns: 100, codes: 500, code: 64 } as const;

const codeName = { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } }, required: ['code', 'name'] };

/** The standard-form expression grammar, recursive through `$defs`. */
const EXPRESSION_DEFS = expressionJsonSchemas('standard', (part) => `#/$defs/${part}`);
/** `avg` of a column: the attribute is an average (a numeric question, or a scale's row). */
const AVG = {
  type: 'object',
  description:
    "Makes the column an average: each cell carries the weighted mean of the question's midpoints over the row audience's respondents " +
    'who answered, e.g. {"question": "household_size", "with_datapoints": {}} (a single-choice question with midpoints; all its ' +
    'datapoints with one when none are listed) or {"question": "social_platform_frequency", "with_suffixes": {"datapoint": "tiktok"}} ' +
    '(one row of a one-answer grid, over its suffixes with midpoints). Without an expression the column counts those who answered.',
  properties: {
    question: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.code },
    with_datapoints: {
      type: 'object',
      properties: { datapoints: { type: 'array', items: { type: 'string', maxLength: MCP_LIMITS.code }, maxItems: MCP_LIMITS.codes } },
      additionalProperties: false,
    },
    with_suffixes: {
      type: 'object',
      properties: {
        datapoint: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.code },
        suffixes: { type: 'array', items: { type: 'string', maxLength: MCP_LIMITS.code }, maxItems: MCP_LIMITS.codes },
      },
      required: ['datapoint'],
      additionalProperties: false,
    },
  },
  required: ['question'],
  additionalProperties: false,
} as const;

const audienceSide = (what: string) => ({
  type: 'object',
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: MCP_LIMITS.name,
      description: `How cells name this ${what}; default: a label made from the expression with the catalogue's names`,
    },
    expression: {
      $ref: '#/$defs/expression',
      description:
        'Audience expression, e.g. {"question": "age_group", "datapoints": ["16_24"]}, ' +
        '{"and": [{"question": "gender", "datapoints": ["female"]}, {"question": "social_platform_usage", "datapoints": ["tiktok"]}]}. ' +
        'Find question and datapoint codes with search_questions.',
    },
  },
  required: ['expression'],
  additionalProperties: false,
});

/** Hints for clients (MCP tool annotations): every tool reads this service's data and reaches nothing outside it. */
const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

export const CHAT_OUTPUT = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    chat_id: { type: 'string' },
    insights: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, text: { type: 'string' } }, required: ['id', 'text'] } },
    sources: {
      type: 'object',
      properties: {
        topics: { type: 'array', items: { type: 'string' } },
        audiences: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' } },
            required: ['id', 'name', 'description'],
          },
        },
        datasets: { type: 'array', items: codeName },
        locations: { type: 'array', items: codeName },
        waves: { type: 'array', items: codeName },
      },
      required: ['topics', 'audiences', 'datasets', 'locations', 'waves'],
    },
  },
  required: ['message', 'chat_id', 'insights', 'sources'],
};

export const TOOLS = [
  {
    name: 'chat_service',
    title: 'Ask the audience assistant',
    // It stores the chat (for follow-ups) but changes nothing else; asking twice makes two chats.
    annotations: { title: 'Ask the audience assistant', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    description:
      'Answers a plain-language question about survey audiences (shares, rankings, comparisons between audiences or markets, ' +
      'what over- or under-indexes, trends across waves) with insights computed by the crosstab engine, and their sources. ' +
      'Pass the returned chat_id to ask follow-ups ("and in Germany?", "what about women?", "show the top 10").',
    inputSchema: {
      type: 'object',
      properties: {
        prompt: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.prompt, pattern: '\\S', description: 'The question, in plain language' },
        chat_id: {
          type: 'string',
          maxLength: MCP_LIMITS.id,
          description: 'The chat_id of a previous answer to follow up; an empty string (or none) starts a new chat',
        },
      },
      required: ['prompt'],
      additionalProperties: false,
    },
    outputSchema: CHAT_OUTPUT,
  },
  {
    name: 'explore_insight',
    title: 'Explore an insight',
    annotations: { title: 'Explore an insight', ...READ_ONLY },
    description: 'The metrics of one insight returned by chat_service and what it was computed from (attributes, audiences, locations, waves, datasets).',
    inputSchema: {
      type: 'object',
      properties: {
        insight_id: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.id, pattern: '\\S', description: 'The id of an insight returned by chat_service' },
      },
      required: ['insight_id'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        id: { type: 'string' },
        chat_id: { type: 'string' },
        text: { type: 'string' },
        metrics: { type: 'object', additionalProperties: true },
        computed_from: { type: 'object', additionalProperties: true },
      },
      required: ['id', 'text', 'metrics', 'computed_from'],
    },
  },
  {
    name: 'list_datasets',
    title: 'List datasets',
    annotations: { title: 'List datasets', ...READ_ONLY },
    description: 'The survey datasets, markets and waves, and which of them your organisation licenses.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: {
        datasets: {
          type: 'array',
          items: {
            type: 'object',
            properties: { code: { type: 'string' }, name: { type: 'string' }, licensed: { type: 'boolean' } },
            required: ['code', 'name', 'licensed'],
          },
        },
        locations: { type: 'array', items: codeName },
        waves: { type: 'array', items: codeName },
      },
      required: ['datasets', 'locations', 'waves'],
    },
  },
  {
    name: 'search_questions',
    title: 'Search questions',
    annotations: { title: 'Search questions', ...READ_ONLY },
    description: 'Finds survey questions by words of their name, description and datapoints; licensed questions only.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: MCP_LIMITS.query, pattern: '\\S', description: 'Words to find, e.g. "tiktok daily"' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'How many questions at most' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        questions: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              code: { type: 'string' },
              name: { type: 'string' },
              description: { type: 'string' },
              dataset: { type: 'string' },
              datapoints: { type: 'array', items: codeName },
              suffixes: { type: 'array', items: codeName },
            },
            required: ['code', 'name', 'description', 'dataset', 'datapoints', 'suffixes'],
          },
        },
      },
      required: ['questions'],
    },
  },
  {
    name: 'run_crosstab',
    title: 'Run a crosstab',
    annotations: { title: 'Run a crosstab', ...READ_ONLY },
    description:
      'Runs audiences (rows, default: all respondents) against attributes (columns) on the crosstab engine; waves default to the last 4 ' +
      'licensed, locations to every licensed one. Each cell: audience % (share of the row matching the column), base %, index, samples; ' +
      'a column with `avg` also gives each cell `average` (the mean of a numeric or scale question over the row audience).',
    inputSchema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        rows: { type: 'array', items: audienceSide('audience'), maxItems: MCP_LIMITS.rows, description: 'The audiences; absent or empty: all respondents' },
        columns: {
          type: 'array',
          // An attribute needs an expression, an avg, or both (checked beside the schema, to name the member missing).
          items: { ...audienceSide('attribute'), properties: { ...audienceSide('attribute').properties, avg: AVG }, required: [] },
          minItems: 1,
          maxItems: MCP_LIMITS.columns,
          description: 'The attributes measured in each audience',
        },
        locations: {
          type: 'array',
          items: { type: 'string', maxLength: MCP_LIMITS.code },
          maxItems: MCP_LIMITS.codes,
          description: 'Location codes; absent or empty: every licensed location',
        },
        waves: {
          type: 'array',
          items: { type: 'string', maxLength: MCP_LIMITS.code },
          maxItems: MCP_LIMITS.codes,
          description: 'Wave codes; absent or empty: the last 4 licensed waves',
        },
      },
      required: ['columns'],
      additionalProperties: false,
      $defs: EXPRESSION_DEFS,
    },
    outputSchema: {
      type: 'object',
      properties: {
        cells: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              row: { type: 'string' },
              column: { type: 'string' },
              audience_percentage: { type: 'number' },
              base_percentage: { type: 'number' },
              index: { type: 'number' },
              audience_sample: { type: 'number' },
              intersect_sample: { type: 'number' },
              low_base: { type: 'boolean' },
              average: {
                type: 'object',
                description: 'A column with avg: the weighted mean over the row audience who answered, its standard deviation and respondents',
                properties: { value: { type: 'number' }, std_dev: { type: 'number' }, sample: { type: 'number' } },
                required: ['value', 'std_dev', 'sample'],
              },
            },
            required: ['row', 'column', 'audience_percentage', 'base_percentage', 'index', 'audience_sample', 'intersect_sample', 'low_base'],
          },
        },
        waves: { type: 'array', items: { type: 'string' } },
        locations: { type: 'array', items: { type: 'string' } },
        datasets: { type: 'array', items: { type: 'string' } },
      },
      required: ['cells', 'waves', 'locations', 'datasets'],
    },
  },
] as const;
