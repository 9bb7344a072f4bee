@testable import FetchedResults
import Testing
import SeededRandom

/// `DenseDiff` runs patience sorting inside its matching pass (session 4), sizes its table by `old` alone,
/// finds removals with `memchr` and collects moves in one backward pass along the kept subsequence
/// (session 5); these tests hold it to the straightforward construction it replaced: match through a
/// symbol table, collect the matched pairs, take one longest increasing subsequence with
/// `longestIncreasingSubsequence`, move every other pair.
@Suite struct DenseDiffEquivalenceTests {
    /// The reference: the previous `DenseDiff`, written plainly.
    struct ReferenceDiff {
        var removals: [Int] = []
        var insertions: [Int] = []
        var moves: [[Int]] = []
        var oldOffsetOfNew: [Int] = []

        init(old: [Int], new: [Int]) {
            var table: [Int: Int] = [:]
            for (i, id) in old.enumerated() { table[id] = i }
            var seen = [Bool](repeating: false, count: old.count)
            var matchedOld: [Int] = []
            var matchedNew: [Int] = []
            for (j, id) in new.enumerated() {
                if let o = table[id] {
                    oldOffsetOfNew.append(o)
                    seen[o] = true
                    matchedOld.append(o)
                    matchedNew.append(j)
                } else {
                    oldOffsetOfNew.append(-1)
                    insertions.append(j)
                }
            }
            removals = seen.indices.filter { !seen[$0] }
            let keep = Set(DenseDiff.longestIncreasingSubsequence(matchedOld))
            for p in matchedOld.indices where !keep.contains(p) { moves.append([matchedOld[p], matchedNew[p]]) }
        }
    }

    static func check(_ old: [Int], _ new: [Int]) {
        let d = DenseDiff(old: old, new: new)
        let r = ReferenceDiff(old: old, new: new)
        #expect(d.removals == r.removals, "removals of \(old) → \(new)")
        #expect(d.insertions == r.insertions, "insertions of \(old) → \(new)")
        #expect(d.oldOffsetOfNew == r.oldOffsetOfNew, "oldOffsetOfNew of \(old) → \(new)")
        #expect(d.moves.map { [$0.old, $0.new] } == r.moves, "moves of \(old) → \(new)")
    }

    @Test("random small sequences, with duplicate IDs and without")
    func randomSmall() {
        var rng = SplitMix64(seed: 0xD1FF)
        for trial in 0..<2_000 {
            var old = (0..<Int(rng.next() % 40)).map { _ in Int(rng.next() % 30) }
            var new = (0..<Int(rng.next() % 40)).map { _ in Int(rng.next() % 30) }
            if trial % 2 == 0 {   // unique IDs, as the controllers pass them
                old = Array(Set(old)).sorted()
                new = Array(Set(new)).shuffled(using: &rng)
            }
            Self.check(old, new)
        }
        Self.check([], [])
        Self.check([3], [])
        Self.check([], [3])
    }

    @Test("the benchmark's shape: N=10k, 1% removals, insertions and moves")
    func benchmarkShape() {
        var rng = SplitMix64(seed: 42)
        let n = 10_000
        let old = Array(0..<n)
        var new = old
        for _ in 0..<34 { new.remove(at: Int(rng.next() % UInt64(new.count))) }
        for i in 0..<33 { new.insert(n + i, at: Int(rng.next() % UInt64(new.count + 1))) }
        for _ in 0..<33 {
            let x = new.remove(at: Int(rng.next() % UInt64(new.count)))
            new.insert(x, at: Int(rng.next() % UInt64(new.count + 1)))
        }
        Self.check(old, new)
    }

    @Test("IDs of new above old's largest, sparse IDs, empty sides")
    func sparseAndEmpty() {
        var rng = SplitMix64(seed: 0x5EED)
        for trial in 0..<1_000 {
            let oldCount = Int(rng.next() % 30), newCount = Int(rng.next() % 30)
            let range = trial % 3 == 0 ? UInt64(1_000_000) : UInt64(60)
            let old = (0..<oldCount).map { _ in Int(rng.next() % range) }
            // Half of new's IDs are above anything in old (insertions found without a table look-up).
            let new = (0..<newCount).map { _ in rng.next() % 2 == 0 ? Int(rng.next() % range) : Int(range + rng.next() % 100) }
            Self.check(old, new)
            Self.check(new, old)
        }
        Self.check([0], [0])
        Self.check([0], [1])
        Self.check([1], [0])
        Self.check([], [0, 0, 5])
        Self.check([0, 0, 5], [])
        Self.check([7, 7, 7], [7, 7])
        Self.check([2, 1, 0], [0, 1, 2])
    }

    @Test("larger random permutations: reversals, blocks, shuffles and 1% to 50% changes")
    func randomLarge() {
        var rng = SplitMix64(seed: 0xB16)
        for trial in 0..<60 {
            let n = 200 + Int(rng.next() % 3_000)
            let old = Array(0..<n).shuffled(using: &rng)
            var new = old
            switch trial % 5 {
            case 0: new.reverse()
            case 1: new = Array(new[(n / 3)...] + new[..<(n / 3)])
            case 2: new.shuffle(using: &rng)
            default:
                let k = 1 + Int(rng.next() % UInt64(n / (trial % 5 == 3 ? 100 : 2) + 1))
                for _ in 0..<k { new.remove(at: Int(rng.next() % UInt64(new.count))) }
                for i in 0..<k { new.insert(n + i, at: Int(rng.next() % UInt64(new.count + 1))) }
                for _ in 0..<k {
                    let x = new.remove(at: Int(rng.next() % UInt64(new.count)))
                    new.insert(x, at: Int(rng.next() % UInt64(new.count + 1)))
                }
            }
            Self.check(old, new)
            Self.check(new, old)
        }
    }
}
