// play page
