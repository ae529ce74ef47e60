/**
 * Map functions: construction (map(), map_from_entries...), access (element_at, map_keys...),
 * concatenation, and the lambda functions over maps.
 */
import { scalar } from './definition-helpers.js';
import type { FunctionDefinition } from './function-signature.js';

export const MAP_FUNCTIONS: readonly FunctionDefinition[] = [
  scalar('map():map(unknown,unknown)', 'An empty map'),
  scalar('map<K:comparable,V>(array(K),array(V)):map(K,V)', 'A map from an array of keys and an array of values'),
  scalar('map_from_entries<K:comparable,V>(array(row(K,V))):map(K,V)', 'A map from an array of key/value rows'),
  scalar(
    'multimap_from_entries<K:comparable,V>(array(row(K,V))):map(K,array(V))',
    'A map from key/value rows, collecting the values of each key',
  ),
  scalar('map_entries<K,V>(map(K,V)):array(row(K,V))', 'The entries of a map as key/value rows'),
  scalar('map_keys<K,V>(map(K,V)):array(K)', 'The keys of a map'),
  scalar('map_values<K,V>(map(K,V)):array(V)', 'The values of a map'),
  scalar('map_concat<K,V>(map(K,V)...):map(K,V)', 'Union of maps; later maps win on duplicate keys', {
    minArguments: 2,
  }),
  scalar('cardinality<K,V>(map(K,V)):bigint', 'Number of entries'),
  scalar('element_at<K,V>(map(K,V),K):V', 'Value for a key; NULL if absent'),
  scalar('map_filter<K,V>(map(K,V),function(K,V,boolean)):map(K,V)', 'Entries for which a predicate holds'),
  scalar('transform_keys<K1,K2,V>(map(K1,V),function(K1,V,K2)):map(K2,V)', 'Apply a function to each key'),
  scalar('transform_values<K,V1,V2>(map(K,V1),function(K,V1,V2)):map(K,V2)', 'Apply a function to each value'),
  scalar(
    'map_zip_with<K,V1,V2,V3>(map(K,V1),map(K,V2),function(K,V1,V2,V3)):map(K,V3)',
    'Merge two maps key by key with a function',
  ),
];
