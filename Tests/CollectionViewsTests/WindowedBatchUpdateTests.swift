@testable import CollectionViews
import FetchedResults
import SeededRandom
import Testing

/// Records the display callbacks a view sends, with the cell's serial number and the index path.
final class DisplayRecorder: CollectionViewDelegate {
    var lines: [String] = []
    var wantsDisplayCallbacks: Bool { true }
    func collectionView(_ view: CollectionView, willDisplay cell: CollectionReusableView, forItemAt indexPath: IndexPath) {
        lines.append("will \(cell["serial"]) \(indexPath)")
    }
    func collectionView(_ view: CollectionView, didEndDisplaying cell: CollectionReusableView, forItemAt indexPath: IndexPath) {
        lines.append("end \(cell["serial"]) \(indexPath)")
    }
}

/// A view with a visible window (`visibleItems`, `visibleRows`) applies a batch in place, as a view without
/// one does: the same cells, pool, trace, errors, display callbacks and selection as the general path, at
/// a cost that follows the window and the update (counted by ``CollectionView/workCounter``), not the items.
@Suite struct WindowedBatchUpdateTests {
    @Test("random batches on a windowed view: the in-place path and the general path agree", arguments: [11, 12, 13, 14, 15, 16])
    func randomWindowedBatches(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let initial = (0..<(2 + Int(seed % 4))).map { _ in Int(random.next() % 10) }
        typealias Side = InPlaceBatchUpdateTests.Side
        let fast = Side(counts: initial, inPlace: true)
        let slow = Side(counts: initial, inPlace: false)
        let fastDisplay = DisplayRecorder(), slowDisplay = DisplayRecorder()
        fast.view.delegate = fastDisplay
        slow.view.delegate = slowDisplay
        var fastLines: [String] = [], slowLines: [String] = []
        fast.view.onEvent = { fastLines.append($0.description) }
        slow.view.onEvent = { slowLines.append($0.description) }
        for side in [fast, slow] {
            side.view.allowsMultipleSelection = true
            try side.view.setVisibleItemCount(4)
            try side.view.reloadData()
        }
        var windowedInPlace = 0
        for step in 0..<300 {
            let before = fast.source.counts
            let total = before.reduce(0, +)
            let choice = random.next() % 16
            if choice == 0 {
                let window = Int(random.next() % 7)
                try fast.view.setVisibleItemCount(window)
                try slow.view.setVisibleItemCount(window)
            } else if choice == 1, total > 0 {
                // Scroll: the first visible item moves.
                var global = Int(random.next() % UInt64(total))
                var s = 0
                while global >= before[s] { global -= before[s]; s += 1 }
                let path = IndexPath(section: s, item: global)
                try fast.view.scrollToItem(at: path)
                try slow.view.scrollToItem(at: path)
            } else if choice == 2, total > 0 {
                let s = Int(random.next() % UInt64(before.count))
                if before[s] > 0 {
                    let path = IndexPath(section: s, item: Int(random.next() % UInt64(before[s])))
                    try fast.view.selectItem(at: path)
                    try slow.view.selectItem(at: path)
                }
            } else {
                let (ops, after) = InPlaceBatchUpdateTests.randomBatch(before, &random)
                let failAfter: Int? = random.next() % 12 == 0 ? Int(random.next() % 3) : nil
                let wasComplete = fast.view.displayedIsComplete
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
                if errors[0] == "ok" && wasComplete && fast.view.visibleItemCount != nil { windowedInPlace += 1 }
            }
            let same = try fast.state() == slow.state()
            #expect(same, "step \(step)")
            #expect(fastLines == slowLines, "step \(step)")
            #expect(fastDisplay.lines == slowDisplay.lines, "step \(step)")
            #expect(fast.view.indexPathsForSelectedItems == slow.view.indexPathsForSelectedItems, "step \(step)")
            #expect(fast.view.firstVisibleItem == slow.view.firstVisibleItem, "step \(step)")
            if !same || fastLines != slowLines || fastDisplay.lines != slowDisplay.lines { break }
        }
        #expect(windowedInPlace > 50)
    }

    /// The work one batch takes on a view of `n` items in 10 sections with a window of 20 items in the
    /// middle, a display delegate and a selected item: an update, an insert, a delete and a move near the
    /// window.
    func batchSteps(items n: Int, inPlace: Bool = true) throws -> (steps: Int, display: [String]) {
        let counts = [Int](repeating: n / 10, count: 10)
        let side = InPlaceBatchUpdateTests.Side(counts: counts, inPlace: inPlace)
        let display = DisplayRecorder()
        side.view.delegate = display
        try side.view.setVisibleItemCount(20)
        try side.view.reloadData()
        let middle = IndexPath(section: 5, item: 3)
        try side.view.scrollToItem(at: middle)
        try side.view.selectItem(at: IndexPath(section: 5, item: 6))
        display.lines = []
        let counter = CollectionView.WorkCounter()
        try CollectionView.$workCounter.withValue(counter) {
            try side.view.performBatchUpdates { batch in
                batch.reloadItems(at: [IndexPath(section: 5, item: 5)])
                batch.insertItems(at: [IndexPath(section: 5, item: 4)])
                batch.deleteItems(at: [IndexPath(section: 5, item: 10)])
                batch.moveItem(at: IndexPath(section: 5, item: 12), to: IndexPath(section: 6, item: 0))
                side.source.counts[5] -= 1
                side.source.counts[6] += 1
            }
        }
        #expect(side.view.indexPathsForSelectedItems == [IndexPath(section: 5, item: 7)])
        return (counter.steps, display.lines)
    }

    @Test("a batch on a windowed view costs the same at 10,000 and 40,000 items (the general path grows with them)")
    func windowedBatchCost() throws {
        let small = try batchSteps(items: 10_000)
        let large = try batchSteps(items: 40_000)
        #expect(small.steps > 0)
        #expect(Double(large.steps) / Double(max(small.steps, 1)) <= 1.5,
                "\(small.steps) steps at 10,000 items, \(large.steps) at 40,000")
        #expect(small.steps < 500, "\(small.steps) steps for a window of 20")
        // The general path looks at every slot, and calls the delegate identically.
        let general = try batchSteps(items: 10_000, inPlace: false)
        #expect(general.steps > 10_000)
        #expect(general.display == small.display)
        #expect(!small.display.isEmpty)
    }
}
