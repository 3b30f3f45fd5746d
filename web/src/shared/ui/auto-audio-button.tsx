// An audio button that plays once when it appears (a listening card, a letter being taught). Browsers allow
// sound without a gesture only after the learner has interacted with the page (the button that started the
// session or the round counts); when they refuse, AudioButton logs it and the button stays, to tap.
import { type ComponentProps, useEffect, useRef } from "react";
import { AudioButton } from "./audio-button.tsx";

export function AutoAudioButton(props: ComponentProps<typeof AudioButton> & { playKey: string | number }) {
  const { playKey, ...button } = props;
  const box = useRef<HTMLSpanElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: plays again only when what it plays changes
  useEffect(() => {
    // After the button's own effects (the offline copy of the file): the next frame.
    const frame = requestAnimationFrame(() => {
      const b = box.current?.querySelector<HTMLButtonElement>("button");
      if (b && b.getAttribute("aria-pressed") !== "true") b.click();
    });
    return () => cancelAnimationFrame(frame);
  }, [playKey]);
  return (
    <span ref={box} data-autoplay="" style={{ display: "inline-flex" }}>
      <AudioButton {...button} />
    </span>
  );
}
