/** The title row of a page under the layout. */
export function PageHeader({ title }: { title: string }) {
  return <h1 className="hearth-page-title">{title}</h1>;
}
