import FetchedResults
import ObjectGraph

/// T1c's lean baseline as a hand-written refetch would do it (issue 30): each object's sort keys read by
/// attribute index into flat arrays (no string-keyed lookup, no `Value` kept), an index array sorted by
/// (group, score, number) over unsafe buffers, then `DenseDiff` against the previous order. The older
/// baseline, which read every key through `value(forKey:)` (half of its time), is still printed beside it.
extension FetchedResultsBenchmarks {
    /// The flat key arrays a lean refetch reuses from one run to the next.
    struct FlatKeys {
        var groups: [Int64] = []
        var scores: [Double] = []
        var numbers: [Int] = []
    }

    /// The attribute indexes of `group` and `score`.
    static func keyIndexes(_ entity: EntityDescription) -> (group: Int, score: Int) {
        (entity.attributes.firstIndex { $0.name == "group" }!, entity.attributes.firstIndex { $0.name == "score" }!)
    }

    /// The lean order: every object's number, sorted by (group, score, number), from flat arrays.
    static func flatOrder(_ objects: [ManagedObject], _ keys: inout FlatKeys) throws -> [Int] {
        guard let first = objects.first else { return [] }
        let (g, s) = keyIndexes(first.entity)
        keys.groups.removeAll(keepingCapacity: true)
        keys.scores.removeAll(keepingCapacity: true)
        keys.numbers.removeAll(keepingCapacity: true)
        keys.groups.reserveCapacity(objects.count)
        keys.scores.reserveCapacity(objects.count)
        keys.numbers.reserveCapacity(objects.count)
        for o in objects {
            guard case .integer(let group)? = o.readableAttribute(at: g), case .double(let score)? = o.readableAttribute(at: s) else {
                throw BenchError("unexpected key types")
            }
            keys.groups.append(group)
            keys.scores.append(score)
            keys.numbers.append(o.objectID.number)
        }
        var order = Array(0..<objects.count)
        keys.groups.withUnsafeBufferPointer { groups in
            keys.scores.withUnsafeBufferPointer { scores in
                keys.numbers.withUnsafeBufferPointer { numbers in
                    order.sort { a, b in
                        groups[a] != groups[b] ? groups[a] < groups[b]
                            : (scores[a] != scores[b] ? scores[a] < scores[b] : numbers[a] < numbers[b])
                    }
                }
            }
        }
        return keys.numbers.withUnsafeBufferPointer { numbers in order.map { numbers[$0] } }
    }

    /// One lean batch: the same ten writes as an incremental batch, processing without a delegate, then
    /// the flat refetch and the diff.
    static func flatRefetchBatch(_ f: Fixture, before: inout [Int], keys: inout FlatKeys) throws -> Int {
        for _ in 0..<10 {
            let o = f.objects[Int(rng.next() % UInt64(f.objects.count))]
            try o.setValue(.double(rng.nextDouble()), forKey: "score")
        }
        try f.context.processPendingChanges()
        let after = try flatOrder(f.objects, &keys)
        let diff = DenseDiff(old: before, new: after)
        precondition(diff.removals.isEmpty && diff.insertions.isEmpty && diff.moves.count <= 10)
        before = after
        return diff.moves.count
    }

    /// The lean refetches of the instructions mode (`--t1c-instructions`), in their own function.
    @inline(never)
    static func flatRefetches(_ f: Fixture, count: Int) throws {
        var keys = FlatKeys()
        var before = try flatOrder(f.objects, &keys)
        f.controller.delegate = nil
        for _ in 0..<count { _ = try flatRefetchBatch(f, before: &before, keys: &keys) }
        f.controller.delegate = f.counter
    }
}
