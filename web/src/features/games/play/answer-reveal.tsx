// After an answer in a quiz game (issue 12.5): the word's transliteration and its audio button, so the learner
// hears and reads aloud what was just answered. The device's voice reads it where there is no recording.
import { Group, Text } from "@mantine/core";
import { AudioButton } from "../../../shared/ui/audio-button.tsx";

export function AnswerReveal({
  text,
  transliteration,
  audioPath,
}: {
  /** The Hebrew the audio reads (pointed where there is a pointed form). */
  text: string;
  transliteration: string;
  audioPath: string | null | undefined;
}) {
  return (
    <Group gap="sm" justify="center" data-testid="answer-reveal">
      <AudioButton path={audioPath} text={text} />
      {transliteration.trim() !== "" && (
        <Text c="dimmed" dir="ltr" data-testid="transliteration">
          <bdi>{transliteration}</bdi>
        </Text>
      )}
    </Group>
  );
}
