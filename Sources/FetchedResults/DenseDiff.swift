#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    ///
    /// Duplicate IDs are tolerated: every occurrence in `new` matches the last occurrence in `old`.
    public init(old: [Int], new: [Int]) {
        precondition(old.count < Int(Int32.max) && new.count < Int(Int32.max),
                     "DenseDiff: at most 2^31 - 1 elements on each side")
        // Passes (session 5, performance.md → diff): the largest ID of `old` sizes the symbol table (an
        // ID of `new` above it is an insertion without a look-up); one pass fills the table; one pass
        // over `new` (`match`, a function of its own without calls, so that its state stays in
        // registers) matches each element (old offset + 1 per ID, 0 = absent) and runs patience sorting
        // on the matched old offsets as they come (piles numbered from 1 after a -1 sentinel, so the
        // predecessor of any pile is the pile below it); `memchr` finds the old offsets no element
        // matched; one backward pass collects the insertions and, following the kept subsequence, every
        // other matched element as a move, into arrays of the exact size. The work memory is one
        // uninitialised block (only the table and the matched flags are zeroed).
        var largest: UInt = 0
        old.withUnsafeBufferPointer { for id in $0 { largest = Swift.max(largest, UInt(bitPattern: id)) } }
        // A negative ID reads as a huge unsigned one.
        precondition(largest < UInt(Int32.max), "DenseDiff: IDs must be in 0..<2^31")
        let oldCount = old.count, newCount = new.count
        let tableCount = oldCount == 0 ? 0 : Int(largest) + 1
        let tableLimit = UInt(tableCount)   // an ID at or above it (or negative) is not in `old`
        let pilesCount = Swift.min(oldCount, newCount) + 1
        // Layout: table (Int32 × tableCount), previous (Int32 × newCount), tails (Int32 × pilesCount),
        // matched flags (UInt8 × oldCount).
        let int32Count = tableCount + newCount + pilesCount
        let block = UnsafeMutableRawPointer.allocate(byteCount: int32Count * 4 + oldCount + 1, alignment: 8)
        defer { block.deallocate() }
        let table = block.bindMemory(to: Int32.self, capacity: int32Count)
        let previous = table + tableCount
        let tails = previous + newCount
        let seenRaw = block + int32Count * 4
        seenRaw.initializeMemory(as: UInt8.self, repeating: 0, count: oldCount)
        let seen = seenRaw.assumingMemoryBound(to: UInt8.self)
        table.initialize(repeating: 0, count: tableCount)
        tails[0] = -1                    // below the first pile: no predecessor

        var lisCount = 0                 // piles 1...lisCount; tails[p] is the new position on top of pile p
        var insertedCount = 0
        oldOffsetOfNew = [Int](unsafeUninitializedCapacity: newCount) { offsets, initialized in
            old.withUnsafeBufferPointer { old in
                for i in 0..<oldCount { table[old[i]] = Int32(truncatingIfNeeded: i + 1) }
            }
            new.withUnsafeBufferPointer { new in
                (lisCount, insertedCount) = Self.match(
                    new: new.baseAddress, count: newCount, table: table, tableLimit: tableLimit,
                    offsets: offsets.baseAddress, seen: seen, previous: previous, tails: tails)
            }
            initialized = newCount
        }

        // Removals: the old offsets no element matched, found with memchr.
        let matchedCount = newCount - insertedCount
        if oldCount > 0 {
            var removed: [Int] = []
            var p = seenRaw
            let end = seenRaw + oldCount
            while p < end, let hit = memchr(p, 0, end - p) {
                removed.append(hit - seenRaw)
                p = hit + 1
            }
            removals = removed
        }

        // Insertions and moves, in one backward pass: the new offsets without an old one, and the
        // matched elements off the kept subsequence (its positions strictly decrease along `previous`),
        // each into an array of the exact size, filled from the back.
        let moveCount = matchedCount - lisCount
        guard moveCount > 0 || insertedCount > 0 else { return }
        var found: [(old: Int, new: Int)] = []
        insertions = [Int](unsafeUninitializedCapacity: insertedCount) { inserted, insertedInitialized in
            found = [(old: Int, new: Int)](unsafeUninitializedCapacity: moveCount) { found, initialized in
                oldOffsetOfNew.withUnsafeBufferPointer { offsets in
                    Self.collect(offsets: offsets.baseAddress!, previous: previous, count: newCount, top: Int(tails[lisCount]),
                                 insertedEnd: inserted.baseAddress.map { $0 + insertedCount },
                                 foundEnd: found.baseAddress.map { $0 + moveCount })
                }
                initialized = moveCount
            }
            insertedInitialized = insertedCount
        }
        moves = found
    }

    /// The backward pass over new positions: each insertion (`offsets[j] == -1`) into `inserted`, each
    /// matched position off the kept subsequence (whose last position is `top`, each one's predecessor in
    /// `previous`) into `found`, both filled from the back (their sizes are exact). A call-free function
    /// of its own, like ``match(new:count:table:tableLimit:offsets:seen:previous:tails:)``; `previous[j]`
    /// is loaded at every position, so that no load's address waits for the previous iteration's load.
    @inline(never)
    static func collect(offsets: UnsafePointer<Int>, previous: UnsafePointer<Int32>, count newCount: Int, top: Int,
                        insertedEnd: UnsafeMutablePointer<Int>?, foundEnd: UnsafeMutablePointer<(old: Int, new: Int)>?) {
        var next = top
        var insertedEnd = insertedEnd   // the write positions move down from the arrays' ends
        var foundEnd = foundEnd
        var j = newCount &- 1
        while j >= 0 {
            let p = Int(previous[j])
            let v = offsets[j]
            if v == -1 {
                insertedEnd = insertedEnd.unsafelyUnwrapped - 1
                insertedEnd.unsafelyUnwrapped.pointee = j
            } else if j == next {
                next = p
            } else {
                foundEnd = foundEnd.unsafelyUnwrapped - 1
                foundEnd.unsafelyUnwrapped.pointee = (old: v, new: j)
            }
            j &-= 1
        }
    }

    /// The matching and patience-sorting pass over `new`: writes every `offsets[j]` (-1 for an insertion)
    /// and `previous[j]` (the new position below it in its pile, -1 for an insertion or the first pile),
    /// flags each matched old offset in `seen`, and keeps the piles' top positions in `tails[1...]`.
    /// Returns the number of piles (the length of the kept subsequence) and of insertions. Its own
    /// function with no call in the loop: inlined into the closures of `init`, its counters were
    /// spilled to memory and reloaded every element.
    @inline(never)
    static func match(new: UnsafePointer<Int>?, count newCount: Int, table: UnsafeMutablePointer<Int32>, tableLimit: UInt,
                      offsets: UnsafeMutablePointer<Int>?, seen: UnsafeMutablePointer<UInt8>,
                      previous: UnsafeMutablePointer<Int32>, tails: UnsafeMutablePointer<Int32>) -> (piles: Int, insertions: Int) {
        guard newCount > 0, let new, let offsets else { return (0, 0) }
        var lisCount = 0
        var topValue = -1
        var insertedCount = 0
        var j = 0
        while j < newCount {
            let id = new[j]
            if UInt(bitPattern: id) >= tableLimit || table[id] == 0 {
                precondition(id >= 0 && id < Int(Int32.max), "DenseDiff: IDs must be in 0..<2^31")
                offsets[j] = -1
                previous[j] = -1
                insertedCount &+= 1
                j &+= 1
                continue
            }
            let v = Int(table[id]) &- 1
            offsets[j] = v
            seen[v] = 1
            // Patience sorting (as longestIncreasingSubsequence), over new positions.
            let position = Int32(truncatingIfNeeded: j)
            if topValue < v {
                previous[j] = tails[lisCount]
                lisCount &+= 1
                tails[lisCount] = position
                topValue = v
                j &+= 1
                continue
            }
            // The first pile whose top is at least v (one exists: the top pile's is).
            var lo = 1, hi = lisCount
            while lo < hi {
                let mid = (lo &+ hi) &>> 1
                if offsets[Int(tails[mid])] < v { lo = mid &+ 1 } else { hi = mid }
            }
            previous[j] = tails[lo &- 1]
            tails[lo] = position
            if lo == lisCount { topValue = v }
            j &+= 1
        }
        return (lisCount, insertedCount)
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
