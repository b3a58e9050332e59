import { XIcon } from 'lucide-react';
import type { ChangeEvent } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { CountryCombobox } from '@/components/form/country-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { countryOptions } from '@/lib/countries';
import type { Answer, QuestionDefinition } from '@/features/kyb/lib/questionnaire';
import { formatCountry } from '@/lib/format';

interface QuestionControlProps {
  question: QuestionDefinition;
  field: ControllerRenderProps<{ answers: Record<string, Answer> }, `answers.${string}`>;
  invalid: boolean;
  /** Set by FormControl: the label's target and the description and message ids. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** One radio button per choice, the group named by the question. */
function QuestionRadios({
  a11y,
  question,
  choices,
  value,
  onValueChange,
  className,
}: {
  a11y: Pick<QuestionControlProps, 'id' | 'aria-describedby' | 'aria-invalid'>;
  question: QuestionDefinition;
  choices: Array<{ value: string; label: string }>;
  value: string;
  onValueChange: (value: string) => void;
  className?: string;
}) {
  return (
    <RadioGroup {...a11y} aria-label={question.label} className={className} value={value} onValueChange={onValueChange}>
      {choices.map((choice) => (
        <Label key={choice.value} className="flex items-center gap-2 font-normal">
          <RadioGroupItem value={choice.value} />
          {choice.label}
        </Label>
      ))}
    </RadioGroup>
  );
}

/** The control for one question, by its type. */
export function QuestionControl({ question, field, invalid, ...wiring }: QuestionControlProps) {
  const a11y = { id: wiring.id, 'aria-invalid': wiring['aria-invalid'] ?? invalid, 'aria-describedby': wiring['aria-describedby'] };
  // Each part on its own: the ref callback is a prop to pass on, not a ref read while rendering.
  const { ref, name, onBlur, onChange, value } = field;
  const text = {
    ...a11y,
    ref,
    name,
    onBlur,
    value: typeof value === 'string' ? value : '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
  };
  switch (question.type) {
    case 'text':
      return <Input {...text} />;
    case 'longText':
      return <Textarea {...text} rows={4} />;
    case 'boolean':
      return (
        <QuestionRadios
          a11y={a11y}
          question={question}
          className="flex gap-4"
          choices={YES_NO}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onValueChange={(choice) => onChange(choice === 'yes')}
        />
      );
    case 'singleChoice':
      return (
        <QuestionRadios
          a11y={a11y}
          question={question}
          choices={(question.options ?? []).map((option) => ({ value: option, label: option }))}
          value={typeof value === 'string' ? value : ''}
          onValueChange={onChange}
        />
      );
    case 'multiChoice': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <div {...a11y} role="group" aria-label={question.label} className="grid gap-2">
          {(question.options ?? []).map((option) => (
            <Label key={option} className="flex items-center gap-2 font-normal">
              <Checkbox
                checked={chosen.includes(option)}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true
                      ? (question.options ?? []).filter((item) => item === option || chosen.includes(item))
                      : chosen.filter((item) => item !== option),
                  )
                }
              />
              {option}
            </Label>
          ))}
        </div>
      );
    }
    case 'countries': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <div className="flex flex-col gap-2">
          <CountryCombobox
            {...a11y}
            aria-label={`Add a country: ${question.label}`}
            countries={countryOptions().filter((country) => !chosen.includes(country.value))}
            value=""
            onChange={(code) => onChange([...chosen, code])}
            onBlur={onBlur}
            ref={ref}
          />
          {chosen.length > 0 && (
            <ul aria-label="Countries chosen" className="flex flex-wrap gap-1.5">
              {chosen.map((code) => (
                <li key={code} className="inline-flex items-center gap-1 rounded-md border bg-muted/40 py-0.5 pr-0.5 pl-2 text-xs">
                  {formatCountry(code)}
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-5"
                    aria-label={`Remove ${formatCountry(code)}`}
                    onClick={() => onChange(chosen.filter((item) => item !== code))}
                  >
                    <XIcon className="size-3" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      );
    }
    default:
      return null;
  }
}
