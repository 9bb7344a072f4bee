/// One sort descriptor's keys, one per object, as unsigned words whose order is the descriptor's order
/// wherever two words differ (``FetchRequest/sort(_:)``): a comparison then reads two words instead of
/// copying and comparing two ``Value``s.
///
/// Which words a column gets depends on every value it holds, since `compareValues` compares across kinds:
/// * only integers (and nulls): the integer with its sign bit flipped, so that unsigned order is `Int64`
///   order; a null is 0, below every integer but `Int64.min`, whose tie the boxed values decide;
/// * only doubles, dates and booleans, none NaN (and nulls): the IEEE total-order word, so that unsigned
///   order is `CFNumberCompare`'s, `-0.0` before `0.0` included; a null is 0, below every number's word.
///   Two equal words are equal values (``isExact``);
/// * only strings (and nulls) under `compare:`: the first 8 UTF-8 bytes, big-endian, zero-padded. UTF-8
///   byte order is Unicode scalar order, and a real byte against the padding means the shorter string is a
///   prefix of the longer one, so it sorts first; a null is 0, as the empty string. Equal words are left to
///   the full comparison;
/// * anything else (integers with doubles, NaN, data, objects, strings under another comparator): every
///   word is 0, and every comparison is the boxed one.
///
/// A descending column holds each word's complement, so that a smaller word always sorts first.
struct SortKeyColumn {
    /// Whether two equal words are two values `compareValues` finds the same.
    let isExact: Bool

    /// Makes the words of column `k` of `keys` (object i's key at `i * m + k`) and gives `write` each
    /// object's index and word.
    @inline(__always)
    static func make(keys: UnsafeBufferPointer<Value>, m: Int, k: Int, descriptor: SortDescriptor,
                     write: (Int, UInt64) -> Void) -> SortKeyColumn {
        let count = keys.count / m
        var integers = true, numbers = true, strings = descriptor.comparator == .compare, nulls = false
        for i in 0..<count {
            switch keys[i * m + k] {
            case .null: nulls = true
            case .integer: numbers = false; strings = false
            case .double(let d) where !d.isNaN: integers = false; strings = false
            case .date(let d) where !d.isNaN: integers = false; strings = false
            case .bool: integers = false; strings = false
            case .string: integers = false; numbers = false
            default: integers = false; numbers = false; strings = false
            }
        }
        let flip: UInt64 = descriptor.ascending ? 0 : ~0
        for i in 0..<count {
            let word: UInt64
            switch keys[i * m + k] {
            case .integer(let n) where integers: word = UInt64(bitPattern: n) ^ (1 << 63)
            case .double(let d) where numbers, .date(let d) where numbers: word = totalOrderWord(d)
            case .bool(let b) where numbers: word = totalOrderWord(b ? 1 : 0)
            case .string(let s) where strings: word = SortDescriptor.utf8PrefixWords(s).high
            default: word = 0
            }
            write(i, word ^ flip)
        }
        return SortKeyColumn(isExact: numbers || (integers && !nulls))
    }

    /// A word whose unsigned order is the IEEE total order of doubles (NaN excluded by the caller): negative
    /// numbers have every bit flipped, the others their sign bit set.
    @inline(__always)
    static func totalOrderWord(_ d: Double) -> UInt64 {
        let bits = d.bitPattern
        return bits >> 63 == 1 ? ~bits : bits | (1 << 63)
    }
}
