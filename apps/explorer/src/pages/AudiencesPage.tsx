import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SavedAudience } from '@aas/sdk';
import { ExpressionBuilder } from '../components/ExpressionBuilder';
import { EmptyState, ErrorNotice, Loading } from '../components/Notice';
import { Pager } from '../components/Pager';
import { emptyGroup, fromExpression, type GroupNode, isComplete, toExpression } from '../lib/expression-model';
import { fieldProblems } from '../lib/problems';
import { aas } from '../lib/session';
import { useDebounced } from '../lib/use-debounced';

const PAGE = 10;

/** Saved audiences (list, rename, delete) and the builder that makes and edits them, with the size as it changes. */
export default function AudiencesPage() {
  const [editing, setEditing] = useState<SavedAudience>();
  const [root, setRoot] = useState<GroupNode>(emptyGroup());
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string>();
  const open = (audience: SavedAudience | undefined) => {
    setSaved(undefined);
    setEditing(audience);
    setRoot(audience ? fromExpression(audience.expression) : emptyGroup());
    setName(audience?.name ?? '');
  };
  return (
    <section>
      <h1>Audiences</h1>
      <div className="columns">
        <SavedList editingId={editing?.id} onOpen={open} />
        <div>
          <Builder
            key={editing?.id ?? 'new'}
            editing={editing}
            root={root}
            setRoot={setRoot}
            name={name}
            setName={setName}
            onSaved={(audience) => {
              open(audience);
              setSaved(audience.name);
            }}
          />
          {saved && <p role="status">Saved “{saved}”.</p>}
        </div>
      </div>
    </section>
  );
}

function SavedList({ editingId, onOpen }: { editingId?: string; onOpen: (a: SavedAudience | undefined) => void }) {
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    queryKey: ['audiences', offset],
    queryFn: ({ signal }) => aas.audiences.list({ offset, limit: PAGE, include_curated: true }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <div>
      <div className="row">
        <h2>Saved audiences</h2>
        <button type="button" onClick={() => onOpen(undefined)}>
          New audience
        </button>
      </div>
      {list.isPending && <Loading what="saved audiences" />}
      {list.error && <ErrorNotice error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.paging.total === 0 && <EmptyState title="No saved audience yet">Build one with the builder and save it.</EmptyState>}
      {list.data && (
        <>
          <ul className="cards">
            {list.data.data.map((a) => (
              <SavedItem key={a.id} audience={a} current={a.id === editingId} onOpen={onOpen} />
            ))}
          </ul>
          <Pager label="Saved audiences" total={list.data.paging.total} offset={offset} limit={PAGE} onChange={setOffset} />
        </>
      )}
    </div>
  );
}

function SavedItem({ audience, current, onOpen }: { audience: SavedAudience; current: boolean; onOpen: (a: SavedAudience | undefined) => void }) {
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [newName, setNewName] = useState(audience.name);
  const editable = audience.permissions.audience_overall === 'edit';
  const done = () => queryClient.invalidateQueries({ queryKey: ['audiences'] });
  const rename = useMutation({ mutationFn: () => aas.audiences.rename(audience.id, newName), onSuccess: () => (setRenaming(false), done()) });
  const remove = useMutation({
    mutationFn: () => aas.audiences.delete(audience.id),
    onSuccess: () => {
      if (current) onOpen(undefined);
      return done();
    },
  });
  const nameProblems = fieldProblems(rename.error, '/name').get('/') ?? [];
  return (
    <li className={current ? 'current' : undefined}>
      {renaming ? (
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate();
          }}
        >
          <label htmlFor={`rename-${audience.id}`}>New name</label>
          <input
            id={`rename-${audience.id}`}
            value={newName}
            aria-invalid={nameProblems.length > 0 || undefined}
            onChange={(e) => setNewName(e.target.value)}
          />
          <button type="submit">Save name</button>
          <button type="button" className="secondary" onClick={() => setRenaming(false)}>
            Cancel
          </button>
          {nameProblems.map((m) => (
            <p key={m} className="field-problems">
              {m}
            </p>
          ))}
        </form>
      ) : (
        <div className="row">
          <button type="button" className="link" onClick={() => onOpen(audience)} aria-current={current || undefined}>
            {audience.name}
          </button>
          {!editable && <span className="badge">curated</span>}
          {editable && (
            <>
              <button type="button" className="secondary" onClick={() => setRenaming(true)} aria-label={`Rename ${audience.name}`}>
                Rename
              </button>
              {confirming ? (
                <>
                  <button type="button" className="danger" onClick={() => remove.mutate()} aria-label={`Yes, delete ${audience.name}`}>
                    Yes, delete
                  </button>
                  <button type="button" className="secondary" onClick={() => setConfirming(false)}>
                    Keep
                  </button>
                </>
              ) : (
                <button type="button" className="secondary" onClick={() => setConfirming(true)} aria-label={`Delete ${audience.name}`}>
                  Delete
                </button>
              )}
            </>
          )}
        </div>
      )}
      {rename.error && nameProblems.length === 0 && <ErrorNotice error={rename.error} />}
      {remove.error && <ErrorNotice error={remove.error} />}
    </li>
  );
}

interface BuilderProps {
  editing?: SavedAudience;
  root: GroupNode;
  setRoot: (r: GroupNode) => void;
  name: string;
  setName: (n: string) => void;
  onSaved: (a: SavedAudience) => void;
}

function Builder({ editing, root, setRoot, name, setName, onSaved }: BuilderProps) {
  const queryClient = useQueryClient();
  const expression = useMemo(() => toExpression(root), [root]);
  // The tree as it was when it stopped changing: its expression is sized only if it was complete then
  // (a condition whose question is still being chosen would be refused).
  const settledRoot = useDebounced(root, 400);
  const settled = useMemo(() => toExpression(settledRoot), [settledRoot]);
  const complete = isComplete(settledRoot) && isComplete(root);
  const size = useQuery({
    queryKey: ['audience-size', settled],
    queryFn: ({ signal }) => aas.crosstab.audienceSize(settled, { signal }),
    enabled: complete,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const save = useMutation({
    mutationFn: () => {
      const body = { name, expression, folder_id: editing?.folder_id ?? null, position: editing?.position ?? 1 };
      return editing && editing.permissions.audience_overall === 'edit' ? aas.audiences.replace(editing.id, body) : aas.audiences.create(body);
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ['audiences'] });
      onSaved(saved);
    },
  });
  const problems = new Map([...fieldProblems(size.error, '/rows/0/expression'), ...fieldProblems(save.error, '/expression')]);
  const nameProblems = fieldProblems(save.error, '/name').get('/') ?? [];
  const otherSaveError = save.error && problems.size === 0 && nameProblems.length === 0;
  const canWrite = !editing || editing.permissions.audience_overall === 'edit';
  return (
    <div>
      <h2>{editing ? `Edit “${editing.name}”` : 'New audience'}</h2>
      <div className="size" aria-live="polite">
        {!complete && <p className="muted">Choose a question for every condition to see the audience's size.</p>}
        {complete && size.isFetching && !size.data && <Loading what="the size" />}
        {complete && size.data && (
          <p>
            <strong>Size:</strong> {Math.round(size.data.size).toLocaleString()} people · <strong>sample:</strong> {size.data.sample.toLocaleString()}{' '}
            respondents · {size.data.percentage.toFixed(1)}% of everyone {size.isFetching && <span className="muted">(updating…)</span>}
          </p>
        )}
        {size.error && problems.size === 0 && <ErrorNotice error={size.error} />}
        {size.error && problems.size > 0 && <p className="field-problems">The service refused this audience: see the marks below.</p>}
      </div>
      <ExpressionBuilder root={root} onChange={setRoot} problems={problems} />
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <label htmlFor="audience-name">Name</label>
        <input id="audience-name" value={name} aria-invalid={nameProblems.length > 0 || undefined} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={!canWrite || save.isPending}>
          {editing && canWrite ? 'Save changes' : 'Save audience'}
        </button>
      </form>
      {!canWrite && (
        <p className="muted">A curated audience is read-only: use it as a starting point and save a copy under your own name with “New audience”.</p>
      )}
      {nameProblems.map((m) => (
        <p key={m} className="field-problems">
          {m}
        </p>
      ))}
      {otherSaveError && <ErrorNotice error={save.error} />}
    </div>
  );
}
