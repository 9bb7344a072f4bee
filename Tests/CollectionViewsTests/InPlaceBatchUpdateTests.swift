@testable import CollectionViews
import FetchedResults
import ObjectGraph
import Testing
import SeededRandom

/// A data source over item counts whose cells name their path and the generation of the content, and
/// carry a serial number given when they are created; it can be told to fail at its n-th cell.
final class CountingSource: CollectionViewDataSource {
    var counts: [Int]
    var generation = 0
    var serial = 0
    var failAfter: Int?
    var kinds: [String] = []

    init(counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { counts[section] }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) throws -> CollectionReusableView? {
        if let n = failAfter {
            if n == 0 { failAfter = nil; throw CollectionViewsError(.invalidCell, "cell \(indexPath) failed") }
            failAfter = n - 1
        }
        let cell = try collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        if cell["serial"].isNull { serial += 1; cell["serial"] = .integer(Int64(serial)) }
        cell["text"] = .string("\(indexPath) g\(generation)")
        return cell
    }
    func supplementaryElementKinds(in collectionView: CollectionView) -> [String] { kinds }
    func collectionView(_ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
                        at indexPath: IndexPath) throws -> CollectionReusableView? {
        let view = try collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
        view["title"] = .string("\(indexPath.section) g\(generation)")
        return view
    }
}

/// The in-place batch path of a view whose every item has a cell must do exactly what the general path
/// does: same trace, same errors, same cells (identity, content, reuse count), same reuse pool.
@Suite struct InPlaceBatchUpdateTests {
    struct Side {
        let view = CollectionView()
        let source: CountingSource

        init(counts: [Int], inPlace: Bool) {
            source = CountingSource(counts: counts)
            source.kinds = ["header"]
            view.allowsInPlaceUpdates = inPlace
            view.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
            view.register(className: "Header", forSupplementaryViewOfKind: "header", withReuseIdentifier: "header")
            view.dataSource = source
        }

        func state() throws -> String {
            let sections = try view.snapshot().map { section in
                (section.supplementaryViews.map { "\($0.view)" } + section.slots.map { slot in
                    slot.map { "\($0["serial"])/\($0.reuseCount)/\($0["text"])" } ?? "-"
                }).joined(separator: " ")
            }
            return sections.joined(separator: " | ") + " pool \(view.numberOfReusableCells(withReuseIdentifier: "Cell"))"
        }
    }

    /// A random batch: a few section and item operations with indexes near the counts, and the counts after
    /// that UIKit's rule demands (so that most batches are valid; the others must fail identically).
    static func randomBatch(_ before: [Int], _ random: inout SplitMix64) -> (ops: (BatchUpdate) -> Void, after: [Int]) {
        func pick(_ n: Int) -> Int { n <= 0 ? 0 : Int(random.next() % UInt64(n)) }
        let oldCount = before.count
        var deletedSections = Set<Int>(), insertedSections = Set<Int>(), reloadedSections = Set<Int>()
        var sectionMoves: [(Int, Int)] = []
        if oldCount > 1 && pick(4) == 0 { deletedSections.insert(pick(oldCount)) }
        if oldCount > 0 && pick(8) == 0 { reloadedSections.insert(pick(oldCount)) }
        reloadedSections.subtract(deletedSections)
        let newCount = oldCount + (pick(4) == 0 ? 1 : 0) * 1 - deletedSections.count
        if newCount > oldCount - deletedSections.count { insertedSections.insert(pick(newCount)) }
        if oldCount > 2 && pick(8) == 0 {
            let from = pick(oldCount)
            if !deletedSections.contains(from) && !reloadedSections.contains(from) {
                let to = pick(newCount)
                if !insertedSections.contains(to) { sectionMoves.append((from, to)) }
            }
        }
        // The section map, as the validator computes it.
        let movedFrom = Set(sectionMoves.map(\.0)), movedTo = Set(sectionMoves.map(\.1))
        let survivors = (0..<oldCount).filter { !deletedSections.contains($0) && !movedFrom.contains($0) }
        let free = (0..<newCount).filter { !insertedSections.contains($0) && !movedTo.contains($0) }
        var oldOfNew: [Int: Int] = [:]
        for (o, n) in zip(survivors, free) { oldOfNew[n] = o }
        for m in sectionMoves { oldOfNew[m.1] = m.0 }
        var after = (0..<newCount).map { t in oldOfNew[t].map { before[$0] } ?? pick(4) }
        for s in reloadedSections { if let t = oldOfNew.first(where: { $0.value == s })?.key { after[t] = pick(4) } }

        var deletes: [IndexPath] = [], inserts: [IndexPath] = [], reloads: [IndexPath] = []
        var moves: [(IndexPath, IndexPath)] = []
        let live = oldOfNew.filter { !reloadedSections.contains($0.value) }
        let targets = Array(live.keys).sorted()
        for _ in 0..<pick(6) {
            guard let t = targets.randomElement(using: &random), let s = live[t], before[s] > 0 else { continue }
            let kind = pick(10)
            let old = IndexPath(section: s, item: pick(before[s]))
            if kind < 3 {
                deletes.append(old); after[t] -= 1
            } else if kind < 6 {
                after[t] += 1; inserts.append(IndexPath(section: t, item: pick(after[t])))
            } else if kind < 7 {
                reloads.append(old)
            } else {
                guard let t2 = targets.randomElement(using: &random) else { continue }
                if t2 != t { after[t] -= 1; after[t2] += 1 }
                moves.append((old, IndexPath(section: t2, item: pick(max(after[t2], 1)))))
            }
        }
        if pick(10) == 0, let t = targets.first { after[t] += 1 }    // a wrong count now and then
        for t in after.indices where after[t] < 0 { after[t] = 0 }
        let ops: (BatchUpdate) -> Void = { batch in
            batch.deleteSections(Array(deletedSections))
            batch.insertSections(Array(insertedSections))
            batch.reloadSections(Array(reloadedSections))
            for m in sectionMoves { batch.moveSection(m.0, toSection: m.1) }
            batch.deleteItems(at: deletes)
            batch.insertItems(at: inserts)
            batch.reloadItems(at: reloads)
            for m in moves { batch.moveItem(at: m.0, to: m.1) }
        }
        return (ops, after)
    }

    @Test("random batches: the in-place path and the general path agree", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func randomBatches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let initial = (0..<(2 + Int(seed % 4))).map { _ in Int(random.next() % 8) }
        let fast = Side(counts: initial, inPlace: true)
        let slow = Side(counts: initial, inPlace: false)
        var fastLines: [String] = [], slowLines: [String] = []
        fast.view.onEvent = { fastLines.append($0.description) }
        slow.view.onEvent = { slowLines.append($0.description) }
        try fast.view.reloadData()
        try slow.view.reloadData()
        var inPlaceBatches = 0
        for step in 0..<300 {
            let before = fast.source.counts
            #expect(before == slow.source.counts)
            let choice = random.next() % 20
            if choice == 0 {
                // Switch the visible window on and off (windowed batches are compared in WindowedBatchUpdateTests).
                let window: Int? = random.next() % 2 == 0 ? nil : Int(random.next() % 6)
                try fast.view.setVisibleItemCount(window)
                try slow.view.setVisibleItemCount(window)
            } else if choice == 1 {
                let paths = (0..<2).compactMap { _ -> IndexPath? in
                    guard !before.isEmpty else { return nil }
                    let s = Int(random.next() % UInt64(before.count))
                    return IndexPath(section: s, item: Int(random.next() % UInt64(max(before[s], 1))))
                }
                fast.source.generation += 1; slow.source.generation += 1
                try fast.view.reconfigureItems(at: paths)
                try slow.view.reconfigureItems(at: paths)
            } else {
                let (ops, after) = Self.randomBatch(before, &random)
                let failAfter: Int? = random.next() % 12 == 0 ? Int(random.next() % 3) : nil
                var errors: [String] = []
                for side in [fast, slow] {
                    side.source.generation = step
                    side.source.failAfter = failAfter
                    do {
                        try side.view.performBatchUpdates { batch in
                            ops(batch)
                            side.source.counts = after
                        }
                        errors.append("ok")
                    } catch {
                        errors.append("\(error)")
                        side.source.counts = before
                        if !side.view.isLoaded || (try? side.view.snapshot().map(\.numberOfItems)) != before {
                            try side.view.reloadData()
                        }
                    }
                    side.source.failAfter = nil
                }
                #expect(errors[0] == errors[1], "step \(step)")
                if errors[0] == "ok" && fast.view.visibleItemCount == nil { inPlaceBatches += 1 }
            }
            let same = try fast.state() == slow.state()
            #expect(same, "step \(step)")
            #expect(fastLines == slowLines, "step \(step)")
            if !same || fastLines != slowLines { break }
        }
        #expect(inPlaceBatches > 50)
    }
}
