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
        old.withUnsafeBufferPointer { for id in $0 { maxID = Swift.max(maxID, id); minID = Swift.min(minID, id) } }
        new.withUnsafeBufferPointer { for id in $0 { maxID = Swift.max(maxID, id); minID = Swift.min(minID, id) } }
        precondition(minID >= 0 && maxID < Int(Int32.max), "DenseDiff: IDs must be in 0..<2^31")
        precondition(old.count < Int(Int32.max) && new.count < Int(Int32.max),
                     "DenseDiff: at most 2^31 - 1 elements on each side")
        // One pass over `new` matches each element through the symbol table (old offset + 1 per ID, 0 =
        // absent from old) and runs patience sorting on the matched old offsets as they come, keeping the
        // predecessor of each new position in `previous`; then the longest increasing subsequence is marked
        // in place (-2) and every other matched element is a move. Int32 work arrays, no array of matched
        // pairs: 2.2 MB of fresh memory at N=100k instead of 5.1 MB (page faults dominated the old version
        // in a process with a large heap; performance.md, Session 4 → boundary).
        var table = [Int32](repeating: 0, count: maxID + 1)
        var seenInNew = [Bool](repeating: false, count: old.count)
        var offsets = [Int](repeating: -1, count: new.count)
        var previous = [Int32](repeating: -1, count: new.count)
        var tails: [Int32] = []
        tails.reserveCapacity(Swift.min(old.count, new.count))
        var inserted: [Int] = []
        var removed: [Int] = []
        var found: [(old: Int, new: Int)] = []
        table.withUnsafeMutableBufferPointer { table in
            old.withUnsafeBufferPointer { old in
                for i in 0..<old.count { table[old[i]] = Int32(truncatingIfNeeded: i + 1) }
            }
            new.withUnsafeBufferPointer { new in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    previous.withUnsafeMutableBufferPointer { previous in
                        seenInNew.withUnsafeMutableBufferPointer { seen in
                            for j in 0..<new.count {
                                let v = Int(table[new[j]]) - 1
                                if v < 0 { inserted.append(j); continue }
                                offsets[j] = v
                                seen[v] = true
                                // Patience sorting (as longestIncreasingSubsequence), over new positions.
                                let position = Int32(truncatingIfNeeded: j)
                                if let last = tails.last, offsets[Int(last)] < v {
                                    previous[j] = last
                                    tails.append(position)
                                    continue
                                }
                                var lo = 0, hi = tails.count
                                while lo < hi {
                                    let mid = (lo + hi) / 2
                                    if offsets[Int(tails[mid])] < v { lo = mid + 1 } else { hi = mid }
                                }
                                previous[j] = lo > 0 ? tails[lo - 1] : -1
                                if lo == tails.count { tails.append(position) } else { tails[lo] = position }
                            }
                            for i in 0..<seen.count where !seen[i] { removed.append(i) }
                            // Mark the kept subsequence (its positions strictly decrease along `previous`).
                            var p = Int(tails.last ?? -1)
                            while p >= 0 { let q = Int(previous[p]); previous[p] = -2; p = q }
                            for j in 0..<offsets.count where offsets[j] >= 0 && previous[j] != -2 {
                                found.append((old: offsets[j], new: j))
                            }
                        }
                    }
                }
            }
        }
        oldOffsetOfNew = offsets
        insertions = inserted
        removals = removed
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
