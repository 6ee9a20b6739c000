// Loaded with `node --import` into ONE process of a product a test starts (separate-product.ts): that
// process's wall clock runs ahead by the number of milliseconds written in PUNKTO_TEST_CLOCK_OFFSET_FILE
// (re-read every 100 ms; a missing or empty file is 0). It moves what the process sees as "now" — `Date.now()`
// and `new Date()` — the way a period ending would, so a renewal can be tested in real time. Test-only: the
// product's own code has no clock switch.
import { readFileSync } from 'node:fs';

const file = process.env.PUNKTO_TEST_CLOCK_OFFSET_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 100).unref();
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + offset;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  Object.defineProperty(ShiftedDate, Symbol.hasInstance, { value: (v) => v instanceof RealDate });
  globalThis.Date = ShiftedDate;
}
