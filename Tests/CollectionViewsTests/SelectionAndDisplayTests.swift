@testable import CollectionViews
import FetchedResults
import Testing

/// Records the display callbacks and prefetching messages a view sends.
private final class Recorder: CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    var lines: [String] = []
    var wantsDisplayCallbacks: Bool { true }
    func collectionView(_ view: CollectionView, willDisplay cell: CollectionReusableView, forItemAt indexPath: IndexPath) {
        lines.append("will \(indexPath)")
    }
    func collectionView(_ view: CollectionView, didEndDisplaying cell: CollectionReusableView, forItemAt indexPath: IndexPath) {
        lines.append("end \(indexPath)")
    }
    func collectionView(_ view: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        lines.append("prefetch " + indexPaths.map(\.description).joined(separator: " "))
    }
    func collectionView(_ view: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        lines.append("cancel " + indexPaths.map(\.description).joined(separator: " "))
    }
}

private func ip(_ s: Int, _ i: Int) -> IndexPath { IndexPath(section: s, item: i) }

@Suite struct SelectionAndDisplayTests {
    private func view(_ counts: [Int], inPlace: Bool = true) throws -> (TableView, CountingSource) {
        let view = TableView()
        view.allowsInPlaceUpdates = inPlace
        view.register(className: "Cell", forCellWithReuseIdentifier: "Cell")
        let source = CountingSource(counts: counts)
        view.dataSource = source
        try view.reloadData()
        return (view, source)
    }

    @Test("a selection follows its item through a batch; deleted and reloaded items lose it", arguments: [true, false])
    func carried(inPlace: Bool) throws {
        let (view, source) = try view([3, 2], inPlace: inPlace)
        view.allowsMultipleSelection = true
        for p in [ip(0, 0), ip(0, 2), ip(1, 1)] { try view.selectItem(at: p) }
        source.counts = [3, 2]
        try view.performBatchUpdates {
            $0.deleteItems(at: [ip(0, 0)])
            $0.insertItems(at: [ip(0, 0)])
            $0.moveItem(at: ip(1, 1), to: ip(1, 0))
            $0.reloadItems(at: [ip(0, 2)])
        }
        #expect(view.indexPathsForSelectedItems == [ip(1, 0)])
    }

    @Test("a section inserted above and one deleted above move the selection with their rows", arguments: [true, false])
    func sections(inPlace: Bool) throws {
        let (view, source) = try view([1, 2, 1], inPlace: inPlace)
        try view.selectItem(at: ip(1, 1))
        source.counts = [3, 1, 2, 1]
        try view.performBatchUpdates { $0.insertSections([0]) }
        #expect(view.indexPathsForSelectedItems == [ip(2, 1)])
        source.counts = [3, 2, 1]
        try view.performBatchUpdates { $0.deleteSections([1]) }
        #expect(view.indexPathsForSelectedItems == [ip(1, 1)])
        source.counts = [3, 1]
        try view.performBatchUpdates { $0.deleteSections([1]) }
        #expect(view.indexPathsForSelectedItems.isEmpty)
    }

    @Test("programmatic selection: single replaces, out of range is refused, deselect of an unselected item is nothing")
    func programmatic() throws {
        let (view, _) = try view([2])
        try view.selectItem(at: ip(0, 0))
        try view.selectItem(at: ip(0, 1))
        #expect(view.indexPathsForSelectedItems == [ip(0, 1)])
        #expect(throws: CollectionViewsError.self) { try view.selectItem(at: ip(0, 2)) }
        #expect(view.indexPathForSelectedItem == ip(0, 1))
        try view.deselectItem(at: ip(0, 0))
        #expect(view.indexPathsForSelectedItems == [ip(0, 1)])
        try view.reloadData()
        #expect(view.indexPathsForSelectedItems.isEmpty)
    }

    @Test("reconfiguring gives back the shown cell without prepareForReuse, and keeps the selection")
    func reconfigure() throws {
        let view = TableView()
        var prepared = 0
        view.register(className: "Cell", forCellWithReuseIdentifier: "Cell") { _ in prepared += 1 }
        let source = CountingSource(counts: [2])
        view.dataSource = source
        try view.reloadData()
        let shown = try #require(try view.cellForItem(at: ip(0, 1)))
        try view.selectItem(at: ip(0, 1))
        source.generation = 1
        try view.reconfigureItems(at: [ip(0, 1)])
        #expect(prepared == 0)
        #expect(try view.cellForItem(at: ip(0, 1)) === shown)
        #expect(shown["text"] == .string("[0, 1] g1"))
        #expect(view.indexPathsForSelectedItems == [ip(0, 1)])
    }

    @Test("display callbacks follow the window; prefetching runs ahead of a scroll and cancels what fell behind")
    func display() throws {
        let (view, _) = try view([6])
        let recorder = Recorder()
        view.delegate = recorder
        view.prefetchDataSource = recorder
        try view.setVisibleItemCount(2)
        #expect(recorder.lines == ["end [0, 2]", "end [0, 3]", "end [0, 4]", "end [0, 5]"])
        recorder.lines = []
        try view.scrollToItem(at: ip(0, 1))
        #expect(recorder.lines == ["end [0, 0]", "will [0, 2]", "prefetch [0, 3] [0, 4]"])
        recorder.lines = []
        try view.scrollToItem(at: ip(0, 0))
        #expect(recorder.lines == ["end [0, 2]", "will [0, 0]", "cancel [0, 3] [0, 4]"])
    }

    @Test("a person's move: the view shows it without asking its data source; bad paths change nothing")
    func userMove() throws {
        let (view, source) = try view([2, 1])
        let moved = try #require(try view.cellForItem(at: ip(0, 0)))
        try view.selectItem(at: ip(0, 0))
        let made = source.serial
        try view.showUserMove(from: ip(0, 0), to: ip(1, 1))
        #expect(source.serial == made)
        #expect(try view.cellForItem(at: ip(1, 1)) === moved)
        #expect(view.indexPathsForSelectedItems == [ip(1, 1)])
        #expect(throws: CollectionViewsError.self) { try view.showUserMove(from: ip(1, 0), to: ip(0, 2)) }
        #expect(try view.numberOfItems(inSection: 0) == 1)
    }

}
