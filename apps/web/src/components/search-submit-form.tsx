import { SearchIcon } from 'lucide-react';
import { SearchForm, SearchInput } from '@/components/search-input';
import { Button } from '@/components/ui/button';

/** A search box and its Search button: the search runs on submit, not on every key (the list is searched on the server). */
export function SearchSubmitForm({
  label,
  placeholder,
  value,
  onChange,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
}) {
  return (
    <SearchForm onSearch={onSearch} className="flex gap-2">
      <SearchInput
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        wrapperClassName="w-full max-w-md"
      />
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden /> Search
      </Button>
    </SearchForm>
  );
}
