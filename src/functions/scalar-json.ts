/**
 * JSON functions over the json type and over JSON text in varchar: parsing and formatting, JSONPath
 * extraction, and array/size queries. JSON_QUERY, JSON_VALUE and friends are syntax, not functions:
 * the analyzer calls hidden `$json_...` functions for them (json-function-analyzer.ts).
 * A JSONPath argument is written as varchar (Trino's JsonPath type, which varchar coerces to).
 */
import { scalar } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

/** One definition over json and one over JSON text, from a template with `$J` for the input. */
function onJsonAndText(template: string, description: string): FunctionDefinition[] {
  return [
    scalar(template.replaceAll('$J', 'json'), description),
    scalar(template.replaceAll('$J', 'varchar(x)'), description),
  ];
}

export const JSON_FUNCTIONS: readonly FunctionDefinition[] = [
  scalar('json_parse(varchar(x)):json', 'Parse JSON text'),
  scalar('json_format(json):varchar', 'JSON text of a json value'),
  scalar('json_extract(json,varchar(y)):json', 'The JSON value at a JSONPath'),
  scalar('json_extract(varchar(x),varchar(y)):json', 'The JSON value at a JSONPath'),
  scalar('json_extract_scalar(json,varchar(y)):varchar', 'The scalar at a JSONPath, as text'),
  scalar('json_extract_scalar(varchar(x),varchar(y)):varchar(x)', 'The scalar at a JSONPath, as text'),
  ...onJsonAndText('json_size($J,varchar(y)):bigint', 'Size of the array or object at a JSONPath'),
  ...onJsonAndText('json_array_length($J):bigint', 'Length of a JSON array'),
  ...onJsonAndText('json_array_get($J,bigint):json', 'Element of a JSON array at an index (negative from the end)'),
  ...onJsonAndText('is_json_scalar($J):boolean', 'Whether a JSON value is a scalar'),
  ...['boolean', 'bigint', 'double', 'varchar(y)'].flatMap((type) =>
    onJsonAndText(`json_array_contains($J,${type}):boolean`, 'Whether a JSON array contains a value'),
  ),
  ...(
    [
      // Arguments: input, the PASSING values as one ROW, R's marker, the DEFAULTs (as lambdas: evaluated
      // only when needed), the settings text.
      ['$json_exists<I,T>(I,T,varchar(s)):boolean', 'JSON_EXISTS: whether a JSON path finds items'],
      [
        '$json_value<I,T,R>(I,T,R,function(R),function(R),varchar(s)):R',
        'JSON_VALUE: the SQL scalar a JSON path finds',
      ],
      ['$json_query<I,T,R>(I,T,R,varchar(s)):R', 'JSON_QUERY: the JSON a JSON path finds'],
      // Keys and values as ROWs, R's marker, the settings text.
      ['$json_object<K,V,R>(K,V,R,varchar(s)):R', 'JSON_OBJECT: a JSON object of keys and values'],
      ['$json_array<V,R>(V,R,varchar(s)):R', 'JSON_ARRAY: a JSON array of values'],
    ] as const
  ).map(([signature, description]) => scalar(signature, description, { hidden: true, calledOnNullInput: true })),
];
