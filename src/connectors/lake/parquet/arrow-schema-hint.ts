/**
 * The Arrow schema hint (`ARROW:schema` key-value metadata) that makes arrow-rs decode a
 * dictionary-encoded string column chunk into an Arrow dictionary array (the file's dictionary and
 * its indices) instead of one value per row. The reader puts it into the footer of the one-column
 * file it hands the decoder (column-chunk-file.ts), for string columns whose data pages are
 * dictionary-encoded: the converter then builds a Vivace dictionary block, making one JS string per
 * dictionary entry rather than one per row (TPC-H's flags and modes: 3–7 strings for 122,880 rows).
 *
 * The hint is an Arrow IPC schema message (continuation marker, length, flatbuffer) in base64, as
 * arrow-rs writes and reads it; apache-arrow serialises it.
 */
import { Dictionary, Field, Int32, Schema, Table, tableToIPC, Utf8 } from 'apache-arrow';

const hints = new Map<string, string>();

/** The base64 `ARROW:schema` value declaring `fieldName` as dictionary<int32, utf8>, nullable. */
export function dictionaryStringHint(fieldName: string): string {
  let hint = hints.get(fieldName);
  if (hint === undefined) {
    const schema = new Schema([new Field(fieldName, new Dictionary(new Utf8(), new Int32()), true)]);
    const stream = tableToIPC(new Table(schema), 'stream');
    // The stream is the schema message then an end-of-stream marker: keep the message alone.
    const length = new DataView(stream.buffer, stream.byteOffset, stream.byteLength).getInt32(4, true);
    hint = Buffer.from(stream.buffer, stream.byteOffset, 8 + length).toString('base64');
    if (hints.size > 1024) hints.clear();
    hints.set(fieldName, hint);
  }
  return hint;
}
