// The memory snapshot travels with the wasm's initial memory XOR-ed out: those bytes (3.2 MB of
// static data, most of them unchanged after start-up) come with the wasm itself, so the snapshot
// need not carry them twice. One module for both sides: the build (tools/make_snapshot.mjs) and the
// worker apply the same XOR, which undoes itself.

function leb128(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
}

// The active data segments of a wasm module: [address, bytes] for each `i32.const` offset.
export function dataSegments(wasm) {
  const segments = [];
  let at = 8; // magic and version
  while (at < wasm.length) {
    const id = wasm[at++];
    let size;
    [size, at] = leb128(wasm, at);
    if (id === 11) {
      let count;
      let cursor;
      [count, cursor] = leb128(wasm, at);
      for (let i = 0; i < count; i++) {
        let flags;
        [flags, cursor] = leb128(wasm, cursor);
        if (flags !== 0 || wasm[cursor] !== 0x41) throw new Error("unsupported wasm data segment");
        let address;
        [address, cursor] = leb128(wasm, cursor + 1); // i32.const, signed: a positive address ends without 0x40
        if (wasm[cursor - 1] & 0x40) throw new Error("unsupported wasm data segment address");
        if (wasm[cursor++] !== 0x0b) throw new Error("unsupported wasm data segment offset");
        let length;
        [length, cursor] = leb128(wasm, cursor);
        segments.push([address, wasm.subarray(cursor, cursor + length)]);
        cursor += length;
      }
      return segments;
    }
    at += size;
  }
  return segments;
}

// XOR the wasm's initial memory into a snapshot whose heap starts at `heapOffset` (in place).
export function xorInitialMemory(snapshot, heapOffset, wasm) {
  for (const [address, bytes] of dataSegments(wasm)) {
    const base = heapOffset + address;
    if (base + bytes.length > snapshot.length) throw new Error("wasm data segment outside the snapshot");
    for (let i = 0; i < bytes.length; i++) snapshot[base + i] ^= bytes[i];
  }
  return snapshot;
}
