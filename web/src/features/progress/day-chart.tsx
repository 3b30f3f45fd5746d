// A bar chart of counts per day, drawn by uPlot. uPlot (and its CSS) is loaded only when a chart is shown, so
// no other page pays for it. The same numbers are in a table for screen readers (a canvas says nothing).
import "@mantine/core/styles/VisuallyHidden.css";
import { useComputedColorScheme, VisuallyHidden } from "@mantine/core";
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { logError } from "../../shared/log.ts";
import { useTranslation } from "../../shared/use-translation.ts";

export interface DayCount {
  date: string;
  count: number;
  /** The day as the server wrote it in the interface language (decision 0115). */
  label: string;
}

let uplotModule: Promise<typeof uPlot> | null = null;
function loadUplot(): Promise<typeof uPlot> {
  uplotModule ??= Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(
    ([m]) => ((m as { default?: typeof uPlot }).default ?? m) as typeof uPlot,
  );
  return uplotModule;
}

export function DayChart({
  days,
  label,
  color,
  testId,
}: {
  days: readonly DayCount[];
  label: string;
  color: string;
  testId: string;
}) {
  const { t } = useTranslation("review");
  const box = useRef<HTMLDivElement>(null);
  const key = days.map((d) => `${d.date}:${d.count}:${d.label}`).join(",");
  // A canvas reads no CSS variables: the axes take the page's text and border colours of the mode drawn now.
  const scheme = useComputedColorScheme("light");

  // biome-ignore lint/correctness/useExhaustiveDependencies: redrawn when the numbers or their labels (key) or the colour mode change
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    loadUplot()
      .then((UPlot) => {
        if (!live) return;
        const xs = days.map((_, i) => i);
        const css = getComputedStyle(document.documentElement);
        const ink = css.getPropertyValue("--mantine-color-text").trim() || "#000000";
        const rule = css.getPropertyValue("--mantine-color-default-border").trim() || "#dee2e6";
        const axis = { stroke: ink, grid: { stroke: rule, width: 1 }, ticks: { stroke: rule, width: 1 } };
        const width = Math.max(el.clientWidth, 240);
        plot = new UPlot(
          {
            width,
            height: 180,
            legend: { show: false },
            cursor: { show: false },
            scales: {
              x: { time: false, range: [-0.5, days.length - 0.5] },
              y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
            },
            axes: [
              {
                ...axis,
                values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) && days[v] ? days[v].label : "")),
                space: 50,
                gap: 4,
              },
              { ...axis, values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : "")), size: 36 },
            ],
            series: [
              {},
              {
                label,
                fill: color,
                stroke: color,
                width: 0,
                paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
                points: { show: false },
              },
            ],
          },
          [xs, days.map((d) => d.count)],
          el,
        );
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(el.clientWidth, 240), height: 180 }));
        observer.observe(el);
      })
      .catch((e: unknown) => logError("chart", e));
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [key, label, color, scheme]);

  return (
    <figure style={{ margin: 0 }} data-testid={testId}>
      {/* Days run left to right in every language, as on a calendar strip. */}
      <div ref={box} dir="ltr" aria-hidden="true" style={{ width: "100%", minHeight: 180 }} />
      <VisuallyHidden>
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t("progress.table.date")}</th>
              <th scope="col">{t("progress.table.count")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{d.label}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
