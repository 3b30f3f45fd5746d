import { ActionIcon } from "@mantine/core";
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { audioUrl, canSpeakHebrew, hasNativeHebrewVoice, onVoicesChanged, speakHebrew } from "../audio.ts";
import { logError } from "../log.ts";
import { useOfflineAudio } from "../offline/audio.ts";
import { useTranslation } from "../use-translation.ts";

interface AudioButtonProps {
  /** audio_path or pronunciation_audio */
  path: string | null | undefined;
  /** The Hebrew text, read by the device's voice when there is no file. */
  text: string | null | undefined;
  size?: "sm" | "md" | "lg";
  /** Plays once as soon as it can (a browser that blocks it without a tap leaves the button to tap). */
  autoPlay?: boolean;
}

/** Play/pause. Hidden when there is neither a file nor a Hebrew voice. Failures are only logged. */
export function AudioButton({ path, text, size = "md", autoPlay = false }: AudioButtonProps) {
  const { t } = useTranslation("common");
  const url = audioUrl(path);
  // The copy kept on the device for offline use when there is one, else the file on the server.
  const playable = useOfflineAudio(url);
  const [hasVoice, setHasVoice] = useState(canSpeakHebrew);
  const [playing, setPlaying] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const sourceRef = useRef<string | null>(null);
  const stopSpeech = useRef<(() => void) | null>(null);

  useEffect(() => onVoicesChanged(() => setHasVoice(canSpeakHebrew())), []);
  useEffect(() => {
    // Native app: the device's voice is known after one asynchronous question (only needed without a file).
    if (url || !text) return;
    let live = true;
    void hasNativeHebrewVoice().then((yes) => {
      if (live && yes) setHasVoice(true);
    });
    return () => {
      live = false;
    };
  }, [url, text]);
  useEffect(
    () => () => {
      audioRef.current?.pause();
      stopSpeech.current?.();
    },
    [],
  );

  const toggleRef = useRef<() => void>(() => undefined);
  const autoPlayed = useRef(false);
  useEffect(() => {
    if (!autoPlay || autoPlayed.current || (!playable && !(hasVoice && text))) return;
    autoPlayed.current = true;
    toggleRef.current();
  }, [autoPlay, playable, hasVoice, text]);

  if (!url && !(hasVoice && text)) return null;

  const toggle = () => {
    if (playing) {
      audioRef.current?.pause();
      stopSpeech.current?.();
      setPlaying(false);
      return;
    }
    if (playable) {
      if (!audioRef.current || sourceRef.current !== playable) {
        audioRef.current?.pause();
        sourceRef.current = playable;
        audioRef.current = new Audio(playable);
        audioRef.current.addEventListener("ended", () => setPlaying(false));
        audioRef.current.addEventListener("pause", () => setPlaying(false));
      }
      audioRef.current.currentTime = 0;
      audioRef.current.play().then(
        () => setPlaying(true),
        (e: unknown) => {
          logError(`audio ${url}`, e);
          setPlaying(false);
        },
      );
      return;
    }
    if (text) {
      stopSpeech.current = speakHebrew(text, () => setPlaying(false));
      setPlaying(stopSpeech.current !== null);
    }
  };

  toggleRef.current = toggle;

  return (
    <ActionIcon
      variant="filled"
      radius="xl"
      size={size === "lg" ? "xl" : size === "sm" ? "md" : "lg"}
      onClick={toggle}
      aria-label={playing ? t("audio.pause") : t("audio.play")}
      aria-pressed={playing}
    >
      {playing ? <IconPlayerPauseFilled size="60%" /> : <IconPlayerPlayFilled size="60%" />}
    </ActionIcon>
  );
}
