@testable import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

@Suite struct PropertyTests {
    /// Random operation sequences; invariant mode checks every batch (fresh fetch, contiguous sections,
    /// old snapshot + reported changes = new snapshot).
    @Test("random operation sequences keep every invariant", arguments: [
        (section: false, limit: 0, offset: 0), (section: true, limit: 0, offset: 0),
        (section: true, limit: 5, offset: 2), (section: false, limit: 4, offset: 0),
    ])
    func randomSequences(_ config: (section: Bool, limit: Int, offset: Int)) throws {
        var rng = SplitMix64(seed: 0x5EED + UInt64(config.limit * 10 + config.offset + (config.section ? 1 : 0)))
        let letters = ["A", "B", "C", "D"]
        func randomName() -> String { letters.randomElement(using: &rng)! + letters.randomElement(using: &rng)!.lowercased() }
        var batches = 0
        for _ in 0..<250 {
            let context = try makeContext()
            for _ in 0..<Int.random(in: 0..<8, using: &rng) {
                try insert(context, randomName(), age: Int64.random(in: 0..<4, using: &rng), active: Bool.random(using: &rng))
            }
            try context.save()
            let r = Recorder()
            let c = try makeController(context, predicate: "active == YES",
                                       sort: [SortDescriptor(key: "name"), SortDescriptor(key: "age", ascending: false)],
                                       section: config.section ? "initial" : nil, limit: config.limit,
                                       offset: config.offset, delegate: r)
            for _ in 0..<12 {
                for _ in 0..<Int.random(in: 1...4, using: &rng) {
                    let live = context.registeredObjects.filter { $0.entity.name == "Customer" && !$0.isDeleted }
                    switch Int.random(in: 0..<10, using: &rng) {
                    case 0, 1: try insert(context, randomName(), age: Int64.random(in: 0..<4, using: &rng))
                    case 2: if let o = live.randomElement(using: &rng) { try context.delete(o) }
                    case 3, 4: if let o = live.randomElement(using: &rng) { try set(o, "name", .string(randomName())) }
                    case 5: if let o = live.randomElement(using: &rng) { try set(o, "age", .integer(Int64.random(in: 0..<4, using: &rng))) }
                    case 6: if let o = live.randomElement(using: &rng) { try set(o, "active", .bool(Bool.random(using: &rng))) }
                    case 7: try context.save()
                    case 8: try context.rollback()
                    default: if let o = live.randomElement(using: &rng) { try set(o, "age", try o.value(forKey: "age")) }
                    }
                }
                try context.processPendingChanges()
                batches += 1
            }
            withExtendedLifetime(c) {}
            #expect(c.changeBatchCount > 0)
        }
        #expect(batches == 3000)
    }

    @Test("the order-statistic tree agrees with a sorted array")
    func treeAgreesWithArray() {
        var rng = SplitMix64(seed: 42)
        let tree = OrderStatisticTree(areInIncreasingOrder: { (a: Int, b: Int) in a < b })
        var array: [Int] = []
        for step in 0..<20_000 {
            if array.isEmpty || Int.random(in: 0..<3, using: &rng) > 0 {
                let x = Int.random(in: 0..<1_000_000, using: &rng)
                if array.contains(x) { continue }
                let rank = tree.insert(x)
                let i = array.firstIndex(where: { $0 > x }) ?? array.count
                array.insert(x, at: i)
                #expect(rank == i)
            } else if Bool.random(using: &rng) {
                let i = Int.random(in: 0..<array.count, using: &rng)
                #expect(tree.remove(array[i]) == i)
                array.remove(at: i)
            } else {
                // By rank, as the controller removes an entry whose rank it found (no comparisons).
                let i = Int.random(in: 0..<array.count, using: &rng)
                #expect(tree.remove(atRank: i) == array[i])
                array.remove(at: i)
            }
            if step % 1000 == 0 { #expect(tree.allElements == array) }
        }
        #expect(tree.allElements == array)
        #expect(tree.count == array.count)
        if !array.isEmpty { #expect(tree[array.count / 2] == array[array.count / 2]) }
    }

    @Test("the dense diff: removals, insertions, minimal moves")
    func denseDiff() {
        let d = DenseDiff(old: [1, 2, 3, 4], new: [4, 1, 2, 5])
        #expect(d.removals == [2])
        #expect(d.insertions == [3])
        #expect(d.moves.map { [$0.old, $0.new] } == [[3, 0]])
        let far = DenseDiff(old: Array(0..<1000), new: [999] + Array(0..<999))
        #expect(far.moves.count == 1)
    }
}
