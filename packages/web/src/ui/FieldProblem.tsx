/** What went wrong with one input (its options failed to load…), under it; the input names it with `aria-describedby={id}`. */
export function FieldProblem({ id, text }: { id: string; text?: string }) {
  if (!text) return null;
  return (
    <div id={id} className="form-text text-danger" role="alert">
      {text}
    </div>
  );
}
