export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  /** Marks placeholder content that must not be presented as a real customer. */
  example?: boolean;
}

export function Testimonials({ items, heading }: { items: Testimonial[]; heading: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="container-page">
        <h2
          id="testimonials-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900"
        >
          {heading}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.quote}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <figure className="flex h-full flex-col">
                <blockquote className="flex-1 text-slate-700">“{item.quote}”</blockquote>
                <figcaption className="mt-6 text-sm">
                  <span className="font-semibold text-slate-900">{item.name}</span>
                  <span className="text-slate-600"> · {item.role}</span>
                  {item.example ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                      Example
                    </span>
                  ) : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
