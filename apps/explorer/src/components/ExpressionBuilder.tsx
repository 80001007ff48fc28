import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import {
  emptyGroup,
  emptyLeaf,
  type ExpressionNode,
  type GroupNode,
  type LeafNode,
  type NodePath,
  pointerOf,
  removeAt,
  updateAt,
} from '../lib/expression-model';
import { aas } from '../lib/session';
import { ErrorNotice, Loading } from './Notice';
import { QuestionPicker } from './QuestionPicker';

interface Props {
  root: GroupNode;
  onChange: (root: GroupNode) => void;
  /** The API's field problems, by JSON pointer inside the expression. */
  problems: Map<string, string[]>;
}

/** The visual editor of an audience expression: groups joined by and / or, conditions on questions, any of them negated. */
export function ExpressionBuilder({ root, onChange, problems }: Props) {
  const change = (path: NodePath, f: (n: ExpressionNode) => ExpressionNode) => onChange(updateAt(root, path, f) as GroupNode);
  const remove = (path: NodePath) => onChange(removeAt(root, path) as GroupNode);
  return (
    <div className="builder">
      <Group node={root} path={[]} root={root} change={change} remove={remove} problems={problems} />
    </div>
  );
}

interface NodeProps<N> {
  node: N;
  path: NodePath;
  root: GroupNode;
  change: (path: NodePath, f: (n: ExpressionNode) => ExpressionNode) => void;
  remove: (path: NodePath) => void;
  problems: Map<string, string[]>;
}

function FieldProblems({ messages, id }: { messages: string[]; id?: string }) {
  if (messages.length === 0) return null;
  return (
    <ul className="field-problems" id={id}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

function Group({ node, path, root, change, remove, problems }: NodeProps<GroupNode>) {
  const pointer = pointerOf(root, path);
  const own = [...problems].filter(([p]) => p === (pointer || '/') || p === `${pointer}/${node.op}`).flatMap(([, m]) => m);
  const depth = path.length;
  const label = depth === 0 ? 'Audience' : `Group ${path.map((i) => i + 1).join('.')}`;
  return (
    <fieldset className={`group depth-${Math.min(depth, 3)}`}>
      <legend>{label}</legend>
      <div className="row">
        <label>
          Match{' '}
          <select value={node.op} onChange={(e) => change(path, (n) => ({ ...(n as GroupNode), op: e.target.value as 'and' | 'or' }))}>
            <option value="and">all of (and)</option>
            <option value="or">any of (or)</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={node.not} onChange={(e) => change(path, (n) => ({ ...n, not: e.target.checked }))} /> not
        </label>
        {depth > 0 && (
          <button type="button" className="secondary" onClick={() => remove(path)}>
            Remove group
          </button>
        )}
      </div>
      <FieldProblems messages={own} />
      {node.children.length === 0 && <p className="muted">No condition yet: everyone in the base. Add a condition to narrow it.</p>}
      {node.children.map((child, i) =>
        child.kind === 'group' ? (
          <Group key={i} node={child} path={[...path, i]} root={root} change={change} remove={remove} problems={problems} />
        ) : (
          <Leaf key={i} node={child} path={[...path, i]} root={root} change={change} remove={remove} problems={problems} />
        ),
      )}
      <div className="row">
        <button type="button" onClick={() => change(path, (n) => ({ ...(n as GroupNode), children: [...(n as GroupNode).children, emptyLeaf()] }))}>
          Add condition
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => change(path, (n) => ({ ...(n as GroupNode), children: [...(n as GroupNode).children, emptyGroup('or')] }))}
        >
          Add group
        </button>
      </div>
    </fieldset>
  );
}

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

function Leaf({ node, path, root, change, remove, problems }: NodeProps<LeafNode>) {
  const pointer = pointerOf(root, path);
  const at = (member: string) => problems.get(`${pointer}/${member}`) ?? [];
  const general = [...problems]
    .filter(([p]) => p === pointer || (p.startsWith(`${pointer}/`) && !/\/(question|datapoints|suffixes|min_count)(\/|$)/.test(p.slice(pointer.length))))
    .flatMap(([, m]) => m);
  const datapointProblems = [...problems].filter(([p]) => p.startsWith(`${pointer}/datapoints`)).flatMap(([, m]) => m);
  const suffixProblems = [...problems].filter(([p]) => p.startsWith(`${pointer}/suffixes`)).flatMap(([, m]) => m);
  const id = useId();
  const question = useQuery({
    queryKey: ['question', node.question],
    queryFn: ({ signal }) => aas.catalogue.question(node.question, ['datapoints'], { signal }),
    enabled: node.question.includes('.'),
    staleTime: 5 * 60_000,
  });
  const set = (f: (n: LeafNode) => LeafNode) => change(path, (n) => f(n as LeafNode));
  const name = node.questionName ?? question.data?.question.name ?? node.question;
  return (
    <fieldset className="leaf">
      <legend>Condition {path.map((i) => i + 1).join('.')}</legend>
      {node.question === '' ? (
        <>
          <QuestionPicker
            label="Question"
            autoFocus
            invalid={at('question').length > 0}
            onPick={(q) => set((n) => ({ ...n, question: `${q.namespace}.${q.code}`, questionName: q.name, datapoints: [], suffixes: [] }))}
          />
          <FieldProblems messages={at('question')} />
        </>
      ) : (
        <div className="row">
          <strong>{name}</strong>
          <button
            type="button"
            className="secondary"
            onClick={() => set((n) => ({ ...n, question: '', questionName: undefined, datapoints: [], suffixes: [] }))}
          >
            Change question
          </button>
        </div>
      )}
      <FieldProblems messages={node.question === '' ? [] : at('question')} />
      {question.isLoading && <Loading what="the answers" />}
      {question.error && <ErrorNotice error={question.error} />}
      {question.data && (
        <>
          <fieldset className="choices-grid" aria-invalid={datapointProblems.length > 0 || undefined}>
            <legend>Answers (none ticked: any answer)</legend>
            {(question.data.question.datapoints ?? []).map((d) => (
              <label key={d.code}>
                <input
                  type="checkbox"
                  checked={node.datapoints.includes(d.code)}
                  onChange={(e) => set((n) => ({ ...n, datapoints: toggle(n.datapoints, d.code, e.target.checked) }))}
                />{' '}
                {d.name}
              </label>
            ))}
          </fieldset>
          <FieldProblems messages={datapointProblems} />
          {(question.data.question.suffixes ?? []).length > 0 && (
            <>
              <fieldset className="choices-grid">
                <legend>Suffixes (none ticked: any)</legend>
                {(question.data.question.suffixes ?? []).map((s) => (
                  <label key={s.code}>
                    <input
                      type="checkbox"
                      checked={node.suffixes.includes(s.code)}
                      onChange={(e) => set((n) => ({ ...n, suffixes: toggle(n.suffixes, s.code, e.target.checked) }))}
                    />{' '}
                    {s.name}
                  </label>
                ))}
              </fieldset>
              <FieldProblems messages={suffixProblems} />
            </>
          )}
        </>
      )}
      <div className="row">
        <label htmlFor={`${id}-min`}>At least this many of the answers</label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="numeric"
          className="narrow"
          value={node.minCount ?? ''}
          aria-invalid={at('min_count').length > 0 || undefined}
          aria-describedby={at('min_count').length > 0 ? `${id}-min-problems` : undefined}
          onChange={(e) => set((n) => ({ ...n, minCount: e.target.value === '' ? undefined : Number(e.target.value) }))}
        />
        <label>
          <input type="checkbox" checked={node.not} onChange={(e) => set((n) => ({ ...n, not: e.target.checked }))} /> not
        </label>
        <button type="button" className="secondary" onClick={() => remove(path)}>
          Remove condition
        </button>
      </div>
      <FieldProblems messages={at('min_count')} id={`${id}-min-problems`} />
      <FieldProblems messages={general} />
    </fieldset>
  );
}
