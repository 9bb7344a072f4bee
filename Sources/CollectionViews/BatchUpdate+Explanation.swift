import FetchedResults

extension BatchUpdate {
    /// The error of this batch's failed validation, with what points at its cause appended when the
    /// batch knows where its operations came from (``origins``): each operation and its line, then a
    /// hint for the usual cause of the rule that failed.
    ///
    /// ```text
    /// attempt to insert row 0 into section 1, but there are only 1 sections after the update
    /// the batch: insertRows [1, 0] at contacts.lua:42
    /// hint: a change made a new section: tell the view with insertSections (the delegate's didChangeSection, type "insert")
    /// ```
    /// Other errors, and batches without origins, are returned unchanged.
    /// `userMove`: a move a person made on the view since its last batch (``CollectionView/showUserMove(from:to:)``),
    /// the usual cause of a failure right after it.
    func explaining(_ error: any Error, before: [Int], after: [Int], userMove: (from: IndexPath, to: IndexPath)? = nil) -> any Error {
        guard !origins.isEmpty, let error = error as? CollectionViewsError, error.kind == .invalidUpdate else { return error }
        var message = error.message + "\nthe batch: " + origins.joined(separator: "; ")
        if let userMove {
            message += "\nhint: the view already shows the move a person made (\(userMove.from) -> \(userMove.to)); a fetched-results delegate must not apply the controller's report of it again: set a flag in moveRowAtIndexPath and skip the delegate methods while it is set (\"User-Driven Updates\", NSFetchedResultsControllerDelegate)"
        } else if let hint = hint(for: error.message, before: before, after: after) { message += "\nhint: " + hint }
        return CollectionViewsError(.invalidUpdate, message, underlying: error.underlying)
    }

    /// The usual cause of a failed rule, or nil when none is known.
    func hint(for message: String, before: [Int], after: [Int]) -> String? {
        let reloadedAtNewPath = reloadedItems.contains { path in
            path.section >= before.count || path.item >= before[path.section]
                || insertedItems.contains(path) || deletedItems.contains(path)
        }
        if message.contains("reload the same index path") || (reloadedAtNewPath && message.contains("before the update")) {
            return "reloadRows/reloadItems take the index path BEFORE the change: for an update use the delegate's indexPath, not newIndexPath"
        }
        let sectionsAdded = after.count - before.count
        let sectionsTold = insertedSections.count - deletedSections.count
        if message.hasPrefix("Invalid batch updates detected"), sectionsAdded != sectionsTold {
            return sectionsAdded > sectionsTold
                ? "a change made a new section: tell the view with insertSections (the delegate's didChangeSection, type \"insert\")"
                : "a change removed a section: tell the view with deleteSections (the delegate's didChangeSection, type \"delete\")"
        }
        if message.hasPrefix("Invalid batch updates detected") {
            return "the view asks the data source for its counts when the batch ends: change the data the counts are read from before endUpdates (not after), and tell every insert and delete"
        }
        if message.contains("invalid number of sections") || message.contains("sections after the update") {
            if after.count > before.count && insertedSections.count < after.count - before.count {
                return "a change made a new section: tell the view with insertSections (the delegate's didChangeSection, type \"insert\")"
            }
            return "every section added or removed must be told with insertSections or deleteSections (the delegate's didChangeSection)"
        }
        if message.contains("invalid number of") {
            return "the view asks the data source for its counts when the batch ends: change the data the counts are read from before endUpdates (not after), and tell every insert and delete of that section"
        }
        return nil
    }
}
