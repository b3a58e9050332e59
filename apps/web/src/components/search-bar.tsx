import { SearchIcon } from 'lucide-react';
import { SearchForm } from '@/components/search-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A search of one box and a Search button; the box is named by `label` (for screen readers, the placeholder shows). */
export function SearchBar({
  id,
  label,
  placeholder,
  value,
  onChange,
  onSearch,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
}) {
  return (
    <SearchForm onSearch={onSearch} className="flex gap-2">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Input id={id} type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} className="max-w-md" />
      <Button type="submit">
        <SearchIcon aria-hidden /> Search
      </Button>
    </SearchForm>
  );
}
