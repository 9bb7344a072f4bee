#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Key paths read as UTF-8 bytes without splitting them into an array of `String`s.
///
/// A key path splits on the `Character` `"."`. When every byte of the path is ASCII, every character is
/// one byte (the only multi-scalar ASCII character, CR LF, contains no dot), so the components are the
/// runs of bytes between `.` bytes. Otherwise a `.` may belong to a longer character (`"."` followed by
/// a combining mark is one character, not a separator): callers keep the `split` path for those.
///
/// Splitting a 20,001-key path cost ≈ 77 M instructions each time it was split (scenario 96); counting
/// its dots costs ≈ 1 per byte (docs/performance.md, Session 5 → diff).
extension KeyPathEvaluator {
    /// The number of keys of an all-ASCII key path (its `.` bytes + 1); nil when a byte is not ASCII or
    /// the string has no contiguous UTF-8 storage.
    static func asciiComponentCount(_ keyPath: String) -> Int? {
        let result: Int?? = keyPath.utf8.withContiguousStorageIfAvailable { bytes in
            var dots = 0
            var high: UInt8 = 0
            for byte in bytes {
                high |= byte
                dots &+= byte == UInt8(ascii: ".") ? 1 : 0
            }
            return high < 0x80 ? dots + 1 : nil
        }
        return result ?? nil
    }

    /// Calls `body` with each key of an all-ASCII key path, in order, as its bytes, until `body` returns
    /// false. Returns false without calling `body` when the path is not all ASCII (or has no contiguous
    /// storage): the caller then splits it as `Character`s.
    static func forEachASCIIComponent(
        of keyPath: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows -> Bool {
        let handled: Bool? = try keyPath.utf8.withContiguousStorageIfAvailable { bytes in
            var high: UInt8 = 0
            for byte in bytes { high |= byte }
            guard high < 0x80 else { return false }
            guard let base = bytes.baseAddress else { _ = try body(bytes); return true }  // "": one empty key
            var start = 0
            while true {
                let rest = bytes.count - start
                let dot = rest > 0 ? memchr(base + start, Int32(UInt8(ascii: ".")), rest) : nil
                let end = dot.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                guard try body(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return true }
                guard dot != nil else { return true }
                start = end + 1
            }
        }
        return handled ?? false
    }

    /// True when `a` and `b` hold the same bytes.
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
    }
}
