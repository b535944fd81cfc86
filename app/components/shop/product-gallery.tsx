/** The product page's photos: the main photo and, with more than one, thumbnails that switch it (links to ?image= without JavaScript). */
export function ProductGallery({
  name,
  gallery,
  selected,
  onSelect,
  inStock,
}: {
  name: string;
  gallery: string[];
  selected: number;
  onSelect: (index: number) => void;
  inStock: boolean;
}) {
  const mainImage = gallery[selected];
  return (
    <section aria-label="Product photos">
      <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-line">
        {mainImage ? (
          <img
            src={mainImage}
            alt={gallery.length > 1 ? `${name}, photo ${selected + 1} of ${gallery.length}` : name}
            width={800}
            height={800}
            className={`aspect-square w-full object-contain p-6 ${inStock ? '' : 'opacity-70 grayscale'}`}
            data-testid="main-image"
          />
        ) : (
          <div className="flex aspect-square items-center justify-center bg-brand-50 text-muted">No photo yet</div>
        )}
      </div>
      {gallery.length > 1 && (
        <ul className="mt-3 grid grid-cols-5 gap-2 sm:gap-3" aria-label="More photos">
          {gallery.map((src, index) => (
            <li key={`${src}-${index}`}>
              <a
                href={`?image=${index}`}
                onClick={(event) => {
                  event.preventDefault();
                  onSelect(index);
                }}
                aria-label={`Show photo ${index + 1} of ${gallery.length}`}
                aria-current={index === selected ? 'true' : undefined}
                className={`block overflow-hidden rounded-xl bg-white ring-2 transition ${
                  index === selected ? 'ring-brand-700' : 'ring-line hover:ring-brand-600'
                }`}
              >
                <img src={src} alt="" width={120} height={120} loading="lazy" className="aspect-square w-full object-contain p-1.5" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
