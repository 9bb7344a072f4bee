import FetchedResults

/// A data source over static content (`NXStaticCollectionViewDataSource`): an array of sections, each an
/// array of items, plus one item per section (a header's model). Every change is a full reload.
///
/// ```swift
/// let source = StaticCollectionViewDataSource(collectionView: view)
/// source.register(className: "Cell") { cell, path, source in
///     cell["text"] = .string(source.item(at: path) as! String)
/// }
/// try source.reload(sections: [["a", "b"], ["c"]], sectionItems: ["First", "Second"])
/// source.item(at: IndexPath(section: 1, item: 0))     // "c"
/// ```
public final class StaticCollectionViewDataSource: CollectionViewDataSourceBase {
    /// The sections (nil after ``reset()``; empty before the first reload).
    public private(set) var sections: [[Any]]? = []
    /// One item per section (nil after ``reset()``; empty before the first reload).
    public private(set) var sectionItems: [Any]? = []

    /// Replaces the content and reloads the view (`reloadWithSections:sectionItems:`); runs the post-update
    /// block.
    public func reload(sections: [[Any]]?, sectionItems: [Any]?) throws {
        self.sections = sections
        self.sectionItems = sectionItems
        try reload()
    }

    /// The number of sections.
    public override func numberOfSections() -> Int { sections?.count ?? 0 }

    /// The number of items of a section (0 out of range).
    public override func numberOfItems(inSection section: Int) -> Int {
        guard let sections, section >= 0, section < sections.count else { return 0 }
        return sections[section].count
    }

    /// The item at a path, or nil when there is none.
    public override func item(at indexPath: IndexPath) -> Any? {
        guard let sections, indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0,
              indexPath.item < sections[indexPath.section].count else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Every path holding an item that `matches` accepts, in section and item order (`indexPathsOfItem:`).
    public func indexPaths(where matches: (Any) throws -> Bool) rethrows -> [IndexPath] {
        var paths: [IndexPath] = []
        for (s, items) in (sections ?? []).enumerated() {
            for (i, item) in items.enumerated() where try matches(item) { paths.append(IndexPath(section: s, item: i)) }
        }
        return paths
    }

    /// Every path holding an item equal to `item`, in section and item order.
    public func indexPaths<T: Equatable>(ofItem item: T) -> [IndexPath] {
        indexPaths { ($0 as? T) == item }
    }

    /// The item of a section (`itemForSection:`); nil after ``reset()``.
    /// - Throws: `.outOfRange` with NSArray's message when there is no such section item.
    public func itemForSection(_ section: Int) throws -> Any? {
        guard let sectionItems else { return nil }
        guard section >= 0 && section < sectionItems.count else {
            throw Self.rangeError(section, count: sectionItems.count)
        }
        return sectionItems[section]
    }

    /// Empties the content (`reloadWithSections:nil sectionItems:nil`); the view reloads.
    public override func reset() throws {
        try reload(sections: nil, sectionItems: nil)
    }
}
