// A game's instructions: the steps as an ordered list (the locale gives an array), or one paragraph.
import "@mantine/core/styles/List.css";
import { List, Text } from "@mantine/core";

export function InstructionsList({ steps }: { steps: unknown }) {
  if (Array.isArray(steps)) {
    return (
      <List type="ordered" spacing="xs">
        {steps.map((s) => (
          <List.Item key={String(s)}>{String(s)}</List.Item>
        ))}
      </List>
    );
  }
  return <Text>{String(steps)}</Text>;
}
