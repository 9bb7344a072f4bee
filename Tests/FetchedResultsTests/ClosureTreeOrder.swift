@testable import FetchedResults

/// A ``TreeOrder`` given by a closure: the general tree the tests compare the controller's inlined
/// ``EntryOrder`` tree with (EntryTreeTests), and a tree of plain values (PropertyTests).
struct ClosureTreeOrder<Element>: TreeOrder {
    /// The comparison.
    let body: (Element, Element) -> Bool

    /// Creates an order from a strict comparison.
    init(_ body: @escaping (Element, Element) -> Bool) { self.body = body }

    /// Calls ``body``.
    func areInIncreasingOrder(_ a: Element, _ b: Element) -> Bool { body(a, b) }
}

extension OrderStatisticTree {
    /// Creates an empty tree ordered by a closure.
    convenience init<E>(areInIncreasingOrder: @escaping (E, E) -> Bool) where Order == ClosureTreeOrder<E> {
        self.init(order: ClosureTreeOrder(areInIncreasingOrder))
    }
}

extension FetchedResultsController {
    /// The order of entries: sort keys with the descriptors, then object number (the tree's order,
    /// ``EntryOrder``, as a closure on entries).
    func makeOrder() -> (ResultEntry, ResultEntry) -> Bool {
        let order = EntryOrder(activeRequest.sortDescriptors)
        return { a, b in order.areInIncreasingOrder(EntryRef(a), EntryRef(b)) }
    }
}
