/**
 * Bad input is answered BAD_USER_INPUT naming the argument, never reaching SQL: the guard on every argument of every
 * field, the error our scalars throw, and the naming of errors graphql-js reports before any resolver runs.
 */
import { GraphQLError, Kind, parse, visit, type ASTNode, type GraphQLResolveInfo, type TypeNode } from 'graphql';
import { UploadedFile } from '../lib/graphql-uploads.ts';
import { BIDI_CONTROLS_MESSAGE, FILE_NAME_BIDI_MESSAGE, FORBIDDEN_CHARACTERS_MESSAGE, hasBidiControls, hasForbiddenCharacters } from '../lib/text.ts';
import { badInput } from './errors.ts';

/** Thrown by our scalars' parseValue and parseLiteral; the literal's node gives the error its location. */
export class InvalidValueError extends GraphQLError {
  constructor(message: string, node?: ASTNode) {
    super(message, { nodes: node, extensions: { code: 'BAD_USER_INPUT' } });
  }
}

/** A name (an argument or field called name, or ending in Name: companyName, fileName…) is shown to people as stored. */
const NAME_KEY = /name$/i;

/**
 * The first string inside an argument value that is refused, with its path (e.g. `input.websiteUrls[0]`) and why: text
 * no column can hold anywhere, and in names also bidirectional controls (they can make one name look like another).
 */
function refusedTextAt(value: unknown, path: string, key: string): { path: string; field: string; message: string } | null {
  if (typeof value === 'string') {
    if (hasForbiddenCharacters(value)) return { path, field: `This ${FORBIDDEN_CHARACTERS_MESSAGE}`, message: `${path} ${FORBIDDEN_CHARACTERS_MESSAGE}` };
    if (NAME_KEY.test(key) && hasBidiControls(value)) return { path, field: `This ${BIDI_CONTROLS_MESSAGE}`, message: `${path} ${BIDI_CONTROLS_MESSAGE}` };
    return null;
  }
  // An uploaded file's name (multipart uploads are read before any resolver), refused on the upload's own argument.
  if (value instanceof UploadedFile && [value.fileName, value.declaredFileName ?? ''].some(hasBidiControls))
    return { path, field: FILE_NAME_BIDI_MESSAGE, message: FILE_NAME_BIDI_MESSAGE };
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = refusedTextAt(item, `${path}[${index}]`, key);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      const found = refusedTextAt(item, `${path}.${name}`, name);
      if (found) return found;
    }
  }
  return null;
}

type Resolver = (parent: unknown, args: Record<string, unknown>, context: unknown, info: GraphQLResolveInfo) => unknown;

const defaultResolver: Resolver = (parent, _args, _context, info) => (parent as Record<string, unknown> | null)?.[info.fieldName];

/**
 * Wraps the resolver of every field that takes arguments (root fields already carry their access check) so the
 * coerced arguments, from variables and literals alike, are checked first: text with NUL or an unpaired surrogate (and
 * names with bidirectional controls) is refused before the access check, the audit trail (jsonb cannot hold NUL) or a
 * query sees it.
 */
export function guardArguments(resolvers: Record<string, Record<string, unknown>>, typeDefs: string) {
  const document = parse(typeDefs);
  // Arguments of these types hold no text and no file, so a field taking only such arguments needs no guard
  // (`memberships(take: Int)` under every `me`; issue 40).
  const textless = new Set(['Int', 'Float', 'Boolean']);
  for (const definition of document.definitions) if (definition.kind === Kind.ENUM_TYPE_DEFINITION) textless.add(definition.name.value);
  const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION && definition.kind !== Kind.OBJECT_TYPE_EXTENSION) continue;
    for (const field of definition.fields ?? []) {
      if (!field.arguments?.some((argument) => !textless.has(namedType(argument.type)))) continue;
      const fields = (resolvers[definition.name.value] ??= {});
      const resolver = (fields[field.name.value] as Resolver | undefined) ?? defaultResolver;
      fields[field.name.value] = (parent: unknown, args: Record<string, unknown>, context: unknown, info: GraphQLResolveInfo) => {
        for (const [name, value] of Object.entries(args)) {
          const found = refusedTextAt(value, name, name);
          if (found) throw badInput({ [found.path]: found.field }, found.message);
        }
        return resolver(parent, args, context, info);
      };
    }
  }
}

const VARIABLE_ERROR = /^Variable "\$([^"]+)" (?:got invalid value|of required type|of non-null type)/;
const VARIABLE_PATH = / at "([^"]+)"; /;

/** The argument path (`input.amount`) of the literal value starting at `position` in the operation's text. */
function argumentPathAt(body: string, position: number): string | null {
  const path: string[] = [];
  let found: string | null = null;
  const named = { enter: (node: { name: { value: string } }) => void path.push(node.name.value), leave: () => void path.pop() };
  try {
    visit(parse(body), {
      Argument: named,
      ObjectField: named,
      enter(node) {
        if (!found && path.length && node.loc?.start === position) found = path.join('.');
      },
    });
  } catch {
    return null;
  }
  return found;
}

/**
 * Bad input graphql-js refuses before any resolver runs, described for the client: a variable that does not coerce
 * (any type), or a literal one of our scalars refused. Null for every other error.
 */
export function describeBadInput(error: GraphQLError): { message: string; fields: Record<string, string> } | null {
  const chain: unknown[] = [];
  for (let cause: unknown = error; cause && chain.length < 5; cause = (cause as { originalError?: unknown }).originalError) chain.push(cause);
  const refusal = chain.find((cause): cause is InvalidValueError => cause instanceof InvalidValueError);
  const variable = VARIABLE_ERROR.exec(error.message);
  if (variable) {
    const name = variable[1]!;
    const at = VARIABLE_PATH.exec(error.message)?.[1];
    // The inner error's message is the reason alone, without the (possibly huge) value graphql-js quotes.
    const inner = chain[1] instanceof GraphQLError ? chain[1].message : null;
    const reason = refusal?.message ?? inner ?? error.message;
    return { message: `Variable "$${name}"${at ? ` at "${at}"` : ''}: ${reason}`, fields: { [at ?? name]: reason } };
  }
  if (refusal) {
    const position = error.positions?.[0];
    const path = error.source && position !== undefined ? argumentPathAt(error.source.body, position) : null;
    return { message: path ? `Argument "${path}": ${refusal.message}` : refusal.message, fields: path ? { [path]: refusal.message } : {} };
  }
  return null;
}
