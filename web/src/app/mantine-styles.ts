// Only the Mantine styles the first screen needs; pages import the rest (keeps /home under budget).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Title.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Burger.css";
import "@mantine/core/styles/Input.css";
// NativeSelect's chevron (the header's language menu) is sized and coloured by Combobox.css.
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Card.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Loader.css";
// Small ones used by several pages, /home among them. Every other component's styles are imported by the files
// that use it (decision 0048): a page's or a dialog's chunk brings them.
import "@mantine/core/styles/Center.css";
import "@mantine/core/styles/Skeleton.css";
