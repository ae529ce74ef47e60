/**
 * The value lists of TPC-H's dists.dss that dbgen draws from: the closed vocabularies of the tables
 * (containers, ship modes, priorities, ...) and the weighted word lists of the comment grammar.
 * A weighted list is picked the way dbgen's pick_str does: draw j in [1, total weight] and take the
 * first entry whose running weight reaches j; a precomputed slot table makes that one array read.
 */

export interface WeightedList {
  readonly words: readonly string[];
  /** Running-weight slot (j − 1) → index into `words`. */
  readonly slots: Uint8Array;
  readonly totalWeight: number;
}

/** Index of the entry a freshly drawn seed selects (pick_str). */
export function pickIndex(list: WeightedList, seed: number): number {
  return list.slots[Math.trunc((seed / 2147483647) * list.totalWeight)];
}

/** Index of the entry a freshly drawn seed selects from a list where every weight is 1. */
export function pickUniform(size: number, seed: number): number {
  return Math.trunc((seed / 2147483647) * size);
}

function weightedList(entries: readonly (readonly [string, number])[]): WeightedList {
  const words = entries.map(([word]) => word);
  const totalWeight = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const slots = new Uint8Array(totalWeight);
  let slot = 0;
  entries.forEach(([, weight], index) => {
    slots.fill(index, slot, slot + weight);
    slot += weight;
  });
  return { words, slots, totalWeight };
}

/** Parses the compact `word|weight,word|weight` notation used for the long word lists below. */
function parseWeighted(text: string): WeightedList {
  return weightedList(
    text.split(',').map((entry): readonly [string, number] => {
      const bar = entry.lastIndexOf('|');
      return [entry.slice(0, bar), Number(entry.slice(bar + 1))];
    }),
  );
}

// Grammar of the comment text (dists.dss: grammar, np, vp and the parts of speech).

export const SENTENCE_FORMS = weightedList([
  ['N V T', 3],
  ['N V P T', 3],
  ['N V N T', 3],
  ['N P V N T', 1],
  ['N P V P T', 1],
]);

export const NOUN_PHRASE_FORMS = weightedList([
  ['N', 10],
  ['J N', 20],
  ['J, J N', 10],
  ['D J N', 50],
]);

export const VERB_PHRASE_FORMS = weightedList([
  ['V', 30],
  ['X V', 1],
  ['V D', 40],
  ['X V D', 1],
]);

export const NOUNS = parseWeighted(
  'packages|40,requests|40,accounts|40,deposits|40,foxes|20,ideas|20,theodolites|20,pinto beans|20,' +
    'instructions|20,dependencies|10,excuses|10,platelets|10,asymptotes|10,courts|5,dolphins|5,multipliers|1,' +
    'sauternes|1,warthogs|1,frets|1,dinos|1,attainments|1,somas|1,Tiresias|1,patterns|1,forges|1,braids|1,frays|1,' +
    'warhorses|1,dugouts|1,notornis|1,epitaphs|1,pearls|1,tithes|1,waters|1,orbits|1,gifts|1,sheaves|1,depths|1,' +
    'sentiments|1,decoys|1,realms|1,pains|1,grouches|1,escapades|1,hockey players|1',
);

export const VERBS = parseWeighted(
  'sleep|20,wake|20,are|20,cajole|20,haggle|20,nag|10,use|10,boost|10,affix|5,detect|5,integrate|5,maintain|1,' +
    'nod|1,was|1,lose|1,sublate|1,solve|1,thrash|1,promise|1,engage|1,hinder|1,print|1,x-ray|1,breach|1,eat|1,' +
    'grow|1,impress|1,mold|1,poach|1,serve|1,run|1,dazzle|1,snooze|1,doze|1,unwind|1,kindle|1,play|1,hang|1,' +
    'believe|1,doubt|1',
);

export const ADJECTIVES = parseWeighted(
  'special|20,pending|20,unusual|20,express|20,furious|1,sly|1,careful|1,blithe|1,quick|1,fluffy|1,slow|1,' +
    'quiet|1,ruthless|1,thin|1,close|1,dogged|1,daring|1,brave|1,stealthy|1,permanent|1,enticing|1,idle|1,busy|1,' +
    'regular|50,final|40,ironic|40,even|30,bold|20,silent|10',
);

export const ADVERBS = parseWeighted(
  'sometimes|1,always|1,never|1,furiously|50,slyly|50,carefully|50,blithely|40,quickly|30,fluffily|20,slowly|1,' +
    'quietly|1,ruthlessly|1,thinly|1,closely|1,doggedly|1,daringly|1,bravely|1,stealthily|1,permanently|1,' +
    'enticingly|1,idly|1,busily|1,regularly|1,finally|1,ironically|1,evenly|1,boldly|1,silently|1',
);

export const PREPOSITIONS = parseWeighted(
  'about|50,above|50,according to|50,across|50,after|50,against|40,along|40,alongside of|30,among|30,around|20,' +
    'at|10,atop|1,before|1,behind|1,beneath|1,beside|1,besides|1,between|1,beyond|1,by|1,despite|1,during|1,' +
    'except|1,for|1,from|1,in place of|1,inside|1,instead of|1,into|1,near|1,of|1,on|1,outside|1,over|1,past|1,' +
    'since|1,through|1,throughout|1,to|1,toward|1,under|1,until|1,up|1,upon|1,whithout|1,with|1,within|1',
);

export const AUXILIARIES = parseWeighted(
  'do|1,may|1,might|1,shall|1,will|1,would|1,can|1,could|1,should|1,ought to|1,must|1,will have to|1,' +
    'shall have to|1,could have to|1,should have to|1,must have to|1,need to|1,try to|1',
);

export const TERMINATORS = parseWeighted('.|50,;|1,:|1,?|1,!|1,--|1');

// Closed vocabularies of the tables (every weight is 1 in dists.dss).

export const PART_CONTAINERS: readonly string[] = ['SM', 'LG', 'MED', 'JUMBO', 'WRAP'].flatMap((size) =>
  ['CASE', 'BOX', 'BAG', 'JAR', 'PACK', 'PKG', 'CAN', 'DRUM'].map((kind) => `${size} ${kind}`),
);

/** p_types: every combination of the three syllables, in dists.dss order. */
export const PART_TYPES: readonly string[] = ['STANDARD', 'SMALL', 'MEDIUM', 'LARGE', 'ECONOMY', 'PROMO'].flatMap(
  (first) =>
    ['ANODIZED', 'BURNISHED', 'PLATED', 'POLISHED', 'BRUSHED'].flatMap((second) =>
      ['TIN', 'NICKEL', 'BRASS', 'STEEL', 'COPPER'].map((third) => `${first} ${second} ${third}`),
    ),
);

export const PART_COLORS: readonly string[] = (
  'almond antique aquamarine azure beige bisque black blanched blue blush brown burlywood burnished chartreuse ' +
  'chiffon chocolate coral cornflower cornsilk cream cyan dark deep dim dodger drab firebrick floral forest frosted ' +
  'gainsboro ghost goldenrod green grey honeydew hot indian ivory khaki lace lavender lawn lemon light lime linen ' +
  'magenta maroon medium metallic midnight mint misty moccasin navajo navy olive orange orchid pale papaya peach ' +
  'peru pink plum powder puff purple red rose rosy royal saddle salmon sandy seashell sienna sky slate smoke snow ' +
  'spring steel tan thistle tomato turquoise violet wheat white yellow'
).split(' ');

export const SHIP_INSTRUCTIONS: readonly string[] = ['DELIVER IN PERSON', 'COLLECT COD', 'TAKE BACK RETURN', 'NONE'];

export const SHIP_MODES: readonly string[] = ['REG AIR', 'AIR', 'RAIL', 'TRUCK', 'MAIL', 'FOB', 'SHIP'];

/** rflag: the flag drawn for lines received by the current date; later ones are always 'N'. */
export const RETURN_FLAGS: readonly string[] = ['R', 'A'];

export const MARKET_SEGMENTS: readonly string[] = ['AUTOMOBILE', 'BUILDING', 'FURNITURE', 'HOUSEHOLD', 'MACHINERY'];

export const ORDER_PRIORITIES: readonly string[] = ['1-URGENT', '2-HIGH', '3-MEDIUM', '4-NOT SPECIFIED', '5-LOW'];

export const REGION_NAMES: readonly string[] = ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'];

export const NATION_NAMES: readonly string[] = [
  'ALGERIA',
  'ARGENTINA',
  'BRAZIL',
  'CANADA',
  'EGYPT',
  'ETHIOPIA',
  'FRANCE',
  'GERMANY',
  'INDIA',
  'INDONESIA',
  'IRAN',
  'IRAQ',
  'JAPAN',
  'JORDAN',
  'KENYA',
  'MOROCCO',
  'MOZAMBIQUE',
  'PERU',
  'CHINA',
  'ROMANIA',
  'SAUDI ARABIA',
  'VIETNAM',
  'RUSSIA',
  'UNITED KINGDOM',
  'UNITED STATES',
];

/**
 * Region of each nation. dists.dss stores these as weight deltas (0, 1, 0, 0, 3, −4, ...) that
 * dbgen's loader turns into running sums; these are the sums.
 */
export const NATION_REGION_KEYS: readonly number[] = [
  0, 1, 1, 1, 4, 0, 3, 3, 2, 2, 4, 4, 2, 4, 0, 0, 0, 1, 2, 3, 4, 2, 3, 3, 1,
];
