/// One entity's saved rows in a store, by object number (what the store kept as `[Int: StoreRow]`).
///
/// A ``DenseNumberTable``: writing a saved row costs an array slot instead of hashing the number into a
/// dictionary (issue 13, T6: a bulk save of 100k objects hashed each number once), listing the numbers in
/// order is a walk instead of a sort, and the largest number is found from the end. Numbers far past the
/// dense range (or below 1, from a hand-made file) go to its overflow dictionary.
typealias RowTable = DenseNumberTable<StoreRow>
