export interface Crumb {
  title: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="breadcrumbs" aria-label="Навигационная цепочка">
      <ol>
        <li>
          <a href="/">Главная</a>
        </li>
        {items.map((item) => (
          <li key={`${item.title}-${item.href ?? ''}`}>{item.href ? <a href={item.href}>{item.title}</a> : <span aria-current="page">{item.title}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}
