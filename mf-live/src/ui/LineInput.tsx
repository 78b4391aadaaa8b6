import { CHAT_MESSAGE_MAX_LENGTH, TextInput } from '@sports/shared';

export interface LineInputProps {
  id: string;
  testId: string;
  value: string;
  placeholder: string;
  /** The new text, cut to the chat's bound in characters (an emoji is one, not two UTF-16 units). */
  onChange: (text: string) => void;
}

/** One line of text a viewer pays to show (a danmaku, a horn): bounded like a chat line. */
export function LineInput({ id, testId, value, placeholder, onChange }: LineInputProps) {
  return (
    <TextInput
      id={id}
      type="text"
      data-testid={testId}
      value={value}
      placeholder={placeholder}
      maxLength={CHAT_MESSAGE_MAX_LENGTH}
      onChange={(event) => onChange([...event.target.value].slice(0, CHAT_MESSAGE_MAX_LENGTH).join(''))}
    />
  );
}
