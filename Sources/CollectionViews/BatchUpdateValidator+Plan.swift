import FetchedResults

extension BatchUpdateValidator {
    /// What a validated update does to one section after it, in compact form (see ``SectionEdit``).
    enum PlannedSection {
        /// An inserted or reloaded section: every item is new.
        case new
        /// The section that had this index before the update, and what happens to its items.
        case old(Int, SectionEdit)
        /// The section that had this index before the update, every item in place with its cell (no
        /// operation touched it).
        case same(Int)

        /// The index before the update of a section that existed before it (nil for a new one).
        var oldIndex: Int? {
            switch self {
            case .new: return nil
            case .old(let s, _), .same(let s): return s
            }
        }

        /// The expanded form, one source per item (`before`: the item counts before the update).
        func sectionSource(before: [Int]) -> BatchUpdateValidator.SectionSource {
            switch self {
            case .new: return .new
            case .old(let s, let edit): return .old(s, items: edit.itemSources(section: s))
            case .same(let s): return .old(s, items: (0..<before[s]).map { .old(IndexPath(section: s, item: $0)) })
            }
        }
    }

    /// The items of a section that exists before and after an update, described by its operations only.
    ///
    /// The items after the update are the items before it without `removed` (deleted, or moved away),
    /// with the `fixed` places (inserted items, move destinations) taken first and the remaining items
    /// filling the other places in their old order; a `reloaded` item keeps its place but gets a new cell.
    /// Expanding it with ``itemSources(section:)`` gives ``BatchUpdateValidator/SectionSource``'s items.
    struct SectionEdit {
        /// The number of items before and after the update.
        var before: Int, after: Int
        /// Old item indexes that leave the section (deleted or moved away), ascending.
        var removed: [Int]
        /// Old item indexes whose cells leave the view (deleted or reloaded), ascending.
        var dropped: [Int]
        /// Old item indexes that are reloaded (they stay, with a new cell), ascending.
        var reloaded: [Int]
        /// New item indexes taken by an inserted item (`.new`) or a moved one (`.old(from)`), ascending.
        var fixed: [(item: Int, source: BatchUpdateValidator.ItemSource)]

        /// Whether the section keeps every item in place with its cell.
        var isIdentity: Bool { removed.isEmpty && reloaded.isEmpty && fixed.isEmpty }

        /// The new index of an old item that stays (not in `removed`): its rank among the staying items,
        /// pushed on by every fixed place at or before it.
        func newIndex(ofOld item: Int) -> Int {
            var position = item
            for r in removed {
                if r < item { position -= 1 } else { break }
            }
            for f in fixed {
                if f.item <= position { position += 1 } else { break }
            }
            return position
        }

        /// The new indexes of the items that get a new cell (inserted or reloaded), ascending.
        func newItemIndexes() -> [Int] {
            var result: [Int] = []
            result.reserveCapacity(fixed.count + reloaded.count)
            for f in fixed where f.source == .new { result.append(f.item) }
            for r in reloaded { result.append(newIndex(ofOld: r)) }
            if !reloaded.isEmpty { result.sort() }
            return result
        }

        /// One source per item after the update (the expansion ``BatchUpdateValidator/validate(_:before:after:)``
        /// returns).
        func itemSources(section s: Int) -> [BatchUpdateValidator.ItemSource] {
            var slots = [BatchUpdateValidator.ItemSource?](repeating: nil, count: after)
            for f in fixed { slots[f.item] = f.source }
            var next = 0, r = 0, l = 0
            for item in 0..<before {
                if r < removed.count && removed[r] == item { r += 1; continue }
                while next < slots.count && slots[next] != nil { next += 1 }
                guard next < slots.count else { break }
                var isReloaded = false
                while l < reloaded.count && reloaded[l] < item { l += 1 }
                if l < reloaded.count && reloaded[l] == item { isReloaded = true }
                slots[next] = isReloaded ? .new : .old(IndexPath(section: s, item: item))
            }
            return slots.map { $0 ?? .new }
        }
    }
}
