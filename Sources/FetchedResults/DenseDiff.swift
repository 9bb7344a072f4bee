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
        var maxID = -1
        for id in old where id > maxID { maxID = id }
        for id in new where id > maxID { maxID = id }
        // The symbol table: old offset + 1 for each ID (0 = absent from old).
        var table = [Int32](repeating: 0, count: maxID + 1)
        for (i, id) in old.enumerated() { table[id] = Int32(i + 1) }
        var seenInNew = [Bool](repeating: false, count: old.count)
        oldOffsetOfNew = [Int](repeating: -1, count: new.count)
        var matchedNew: [Int] = []
        matchedNew.reserveCapacity(new.count)
        for (j, id) in new.enumerated() {
            let o = Int(table[id]) - 1
            if o >= 0 {
                oldOffsetOfNew[j] = o
                seenInNew[o] = true
                matchedNew.append(j)
            } else {
                insertions.append(j)
            }
        }
        for i in 0..<old.count where !seenInNew[i] { removals.append(i) }
        // Keep a longest increasing subsequence of old offsets (in new order); move the rest.
        let keep = DenseDiff.longestIncreasingSubsequence(matchedNew.map { oldOffsetOfNew[$0] })
        var k = 0
        for (position, j) in matchedNew.enumerated() {
            if k < keep.count && keep[k] == position { k += 1; continue }
            moves.append((old: oldOffsetOfNew[j], new: j))
        }
    }

    /// The positions (ascending) of one longest strictly increasing subsequence of `values`.
    ///
    /// Patience sorting, O(n log n); with few changes the piles stay short and it is nearly linear.
    public static func longestIncreasingSubsequence(_ values: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var tails: [Int] = []          // positions of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
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
        var result: [Int] = []
        result.reserveCapacity(tails.count)
        var p = tails.last!
        while p >= 0 { result.append(p); p = previous[p] }
        return result.reversed()
    }
}
