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
    /// The number of `.` bytes in `bytes` when every byte is ASCII, else nil: the one ASCII test of the
    /// key-path readers (one pass, ≈ 1 instruction a byte).
    @inline(__always)
    static func asciiDotCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var dots = 0
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            dots &+= byte == UInt8(ascii: ".") ? 1 : 0
        }
        return high < 0x80 ? dots : nil
    }

    /// The number of keys of an all-ASCII key path (its `.` bytes + 1); nil when a byte is not ASCII or
    /// the string has no contiguous UTF-8 storage.
    static func asciiComponentCount(_ keyPath: String) -> Int? {
        let result: Int?? = keyPath.utf8.withContiguousStorageIfAvailable { bytes in asciiDotCount(bytes).map { $0 + 1 } }
        return result ?? nil
    }

    /// Calls `body` with each key of `keyPath` (split on the `Character` `"."`, empty keys kept), in order,
    /// as its UTF-8 bytes, until `body` returns false. An all-ASCII path is cut at its `.` bytes without
    /// making any string; any other path (or every path, with `splittingCharacters`, which the tests use
    /// to compare the two) is split as `Character`s and each key's bytes are found in the path's. Every
    /// buffer points into the same bytes and stays valid until this function returns, so `body` may keep
    /// one to compare with a later key.
    static func forEachComponent(
        of keyPath: String, splittingCharacters: Bool = false, _ body: (UnsafeBufferPointer<UInt8>) throws -> Bool
    ) rethrows {
        func walk(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            guard let base = bytes.baseAddress else { _ = try body(bytes); return }  // "": one empty key
            if !splittingCharacters, asciiDotCount(bytes) != nil {
                var start = 0
                while true {
                    let rest = bytes.count - start
                    let dot = rest > 0 ? memchr(base + start, Int32(UInt8(ascii: ".")), rest) : nil
                    let end = dot.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) } ?? bytes.count
                    guard try body(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return }
                    guard dot != nil else { return }
                    start = end + 1
                }
            }
            // A `.` byte may begin a longer character (`"."` and a combining mark): split as characters.
            let utf8 = keyPath.utf8
            for key in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
                let start = utf8.distance(from: utf8.startIndex, to: key.startIndex)
                guard try body(UnsafeBufferPointer(rebasing: bytes[start..<(start + key.utf8.count)])) else { return }
            }
        }
        if try keyPath.utf8.withContiguousStorageIfAvailable({ try walk($0) }) == nil {
            try Array(keyPath.utf8).withUnsafeBufferPointer { try walk($0) }
        }
    }

    /// True when `a` and `b` hold the same bytes.
    static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard a.count > 0, let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        return memcmp(pa, pb, a.count) == 0
    }
}
