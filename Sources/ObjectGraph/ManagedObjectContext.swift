/// A managed object context (`NSManagedObjectContext`). Placeholder, being written.
public final class ManagedObjectContext {
}
