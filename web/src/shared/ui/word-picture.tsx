// A word's picture (issue 28.3, decision 0104): the Twemoji SVG the content names, decorative next to the word (the
// word and its translation say what it is, so alt="", unless it stands alone: `label`). Its box is fixed by width and height, so the page does not
// move when it arrives; loaded lazily, only where shown, from /pictures/<file>.svg (cached by the service worker
// the first time it is shown). Nothing for a word without a picture.
const NAME = /^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/;

export function WordPicture({
  file,
  size,
  reserve = false,
  label = "",
}: {
  file: string | null | undefined;
  size: number;
  /** What the picture shows, when it stands alone (a picture as the answer to choose): its alt text. */
  label?: string;
  /** Keep the box empty for a word without a picture (a deck where some cards have one: the buttons stay put). */
  reserve?: boolean;
}) {
  if (!file || !NAME.test(file))
    return reserve ? (
      <span aria-hidden="true" style={{ display: "block", flex: "none", width: size, height: size }} />
    ) : null;
  return (
    <img
      src={`/pictures/${file}.svg`}
      alt={label}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      draggable={false}
      data-testid="word-picture"
      data-picture={file}
      style={{ flex: "none", width: size, height: size }}
    />
  );
}
