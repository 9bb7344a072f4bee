/// A Heckel-class diff of two sequences of unique, dense integer IDs (object numbers), in O(N + M)
/// plus O(m log m) for the m matched elements whose order must be checked.
///
/// Because IDs are small integers, the symbol table is a flat array indexed by ID: no hashing. Moves are
/// reported only for elements whose order relative to the other matched elements changed, and as few of
/// them as possible (the matched elements outside one longest increasing subsequence), so moving one
/// element far away reports one move, not one per element it passed.
///
/// ```swift
/// let d = DenseDiff(old: [1, 2, 3, 4], new: [4, 1, 2, 5])
/// d.removals      // [2]      (offset in old of ID 3)
/// d.insertions    // [3]      (offset in new of ID 5)
/// d.moves         // [(old: 3, new: 0)]
/// ```
public struct DenseDiff {
    /// Offsets in the old sequence of elements absent from the new one, ascending.
    public private(set) var removals: [Int] = []
    /// Offsets in the new sequence of elements absent from the old one, ascending.
    public private(set) var insertions: [Int] = []
    /// Matched elements whose relative order changed: old and new offsets, by new offset ascending.
    public private(set) var moves: [(old: Int, new: Int)] = []
    /// For each new offset, the old offset of the same element (-1 for an insertion).
    public private(set) var oldOffsetOfNew: [Int] = []

    /// Diffs two sequences of unique non-negative IDs.
    public init(old: [Int], new: [Int]) {
        // The passes run over unsafe buffers: every index below is in range by construction (IDs are
        // non-negative and at most maxID; offsets come from the sequences' own enumeration).
        var maxID = -1, minID = 0
        for ids in [old, new] {
            ids.withUnsafeBufferPointer { for id in $0 { maxID = Swift.max(maxID, id); minID = Swift.min(minID, id) } }
        }
        precondition(minID >= 0 && maxID < Int(Int32.max), "DenseDiff: IDs must be in 0..<2^31")
        precondition(old.count < Int(Int32.max), "DenseDiff: at most 2^31 - 1 old elements")
        // The symbol table: old offset + 1 for each ID (0 = absent from old).
        var table = [Int32](repeating: 0, count: maxID + 1)
        var seenInNew = [Bool](repeating: false, count: old.count)
        var offsets = [Int](repeating: -1, count: new.count)
        // Old offsets of the matched elements, in new order, and their new offsets.
        var matchedOld: [Int] = []
        var matchedNew: [Int] = []
        var inserted: [Int] = []
        var removed: [Int] = []
        table.withUnsafeMutableBufferPointer { table in
            old.withUnsafeBufferPointer { old in
                for i in 0..<old.count { table[old[i]] = Int32(truncatingIfNeeded: i + 1) }
                new.withUnsafeBufferPointer { new in
                    matchedOld.reserveCapacity(Swift.min(old.count, new.count))
                    matchedNew.reserveCapacity(Swift.min(old.count, new.count))
                    offsets.withUnsafeMutableBufferPointer { offsets in
                        seenInNew.withUnsafeMutableBufferPointer { seen in
                            for j in 0..<new.count {
                                let o = Int(table[new[j]]) - 1
                                if o >= 0 {
                                    offsets[j] = o
                                    seen[o] = true
                                    matchedOld.append(o)
                                    matchedNew.append(j)
                                } else {
                                    inserted.append(j)
                                }
                            }
                        }
                    }
                }
                seenInNew.withUnsafeBufferPointer { seen in
                    for i in 0..<old.count where !seen[i] { removed.append(i) }
                }
            }
        }
        oldOffsetOfNew = offsets
        insertions = inserted
        removals = removed
        // Keep a longest increasing subsequence of old offsets (in new order); move the rest.
        let keep = DenseDiff.longestIncreasingSubsequence(matchedOld)
        var found: [(old: Int, new: Int)] = []
        found.reserveCapacity(matchedOld.count - keep.count)
        keep.withUnsafeBufferPointer { keep in
            var k = 0
            for position in 0..<matchedOld.count {
                if k < keep.count && keep[k] == position { k += 1; continue }
                found.append((old: matchedOld[position], new: matchedNew[position]))
            }
        }
        moves = found
    }

    /// The positions (ascending) of one longest strictly increasing subsequence of `values`.
    ///
    /// Patience sorting, O(n log n); with few changes the piles stay short and it is nearly linear.
    public static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []          // positions of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        values.withUnsafeBufferPointer { values in
            previous.withUnsafeMutableBufferPointer { previous in
                for i in 0..<values.count {
                    let v = values[i]
                    if let last = tails.last, values[last] < v {
                        previous[i] = last
                        tails.append(i)
                        continue
                    }
                    var lo = 0, hi = tails.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
                    }
                    previous[i] = lo > 0 ? tails[lo - 1] : -1
                    if lo == tails.count { tails.append(i) } else { tails[lo] = i }
                }
            }
        }
        var result = [Int](repeating: 0, count: tails.count)
        var p = tails.last!
        var k = tails.count
        while p >= 0 { k -= 1; result[k] = p; p = previous[p] }
        return result
    }
}
