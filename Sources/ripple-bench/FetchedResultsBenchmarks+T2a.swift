import FetchedResults
#if canImport(Glibc)
import Glibc
#endif
import SeededRandom

/// T2a's input and `ripple-bench --t2a-instructions`: T2a's two sides alone, without the fetched group's
/// fixtures, for callgrind and a quick look at the ratio. The input has T2a's shape (N=100k, 334
/// removals, 333 insertions, 333 moves at random places) from its own seed, so it differs from the
/// `fetched` group's (which draws from the group's generator after the fixtures) only in where the
/// changes fall. Each side runs in its own function:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*denseDiffs*' \
///   --toggle-collect='*collectionDifferences*' --dump-before='*collectionDifferences*' \
///   ripple-bench --t2a-instructions
/// ```
/// The first dump counts ten `DenseDiff`s, the last one `CollectionDifference`.
extension FetchedResultsBenchmarks {
    static let t2aInstructionsFlag = "--t2a-instructions"

    /// T2a's input: `0..<n`, then n/300 removals, n/300 insertions of new IDs (from n up) and n/300
    /// moves, each at a random place (334, 333 and 333 at n = 100k).
    static func t2aInput(n: Int, rng: inout SplitMix64) -> (old: [Int], new: [Int]) {
        let old = Array(0..<n)
        var new = old
        let k = n / 300
        for _ in 0..<(k + 1) { new.remove(at: Int(rng.next() % UInt64(new.count))) }
        for i in 0..<k { new.insert(n + i, at: Int(rng.next() % UInt64(new.count + 1))) }
        for _ in 0..<k {
            let x = new.remove(at: Int(rng.next() % UInt64(new.count)))
            new.insert(x, at: Int(rng.next() % UInt64(new.count + 1)))
        }
        return (old, new)
    }

    /// `count` diffs of the input; returns the moves of the last.
    @inline(never)
    static func denseDiffs(old: [Int], new: [Int], count: Int) -> Int {
        var moves = 0
        for _ in 0..<count { moves = DenseDiff(old: old, new: new).moves.count }
        return moves
    }

    /// `count` `CollectionDifference`s of the input; returns the number of changes of the last.
    @inline(never)
    static func collectionDifferences(old: [Int], new: [Int], count: Int) -> Int {
        var changes = 0
        for _ in 0..<count { changes = new.difference(from: old).count }
        return changes
    }

    static func runT2aInstructions() {
        var rng = SplitMix64(seed: 2024)
        let (old, new) = t2aInput(n: 100_000, rng: &rng)
        let moves = denseDiffs(old: old, new: new, count: 10)
        let changes = collectionDifferences(old: old, new: new, count: 1)
        let tCD = Measure.median { _ = new.difference(from: old) }
        let tOurs = Measure.median { _ = DenseDiff(old: old, new: new) }
        print("T2a (instructions mode): CollectionDifference \(us(tCD)) µs vs DenseDiff \(us(tOurs)) µs (medians of 7), "
              + "\(Measure.format(tCD / tOurs))×; \(moves) moves, \(changes) changes; count them with callgrind (see docs/performance.md)")
    }
}
