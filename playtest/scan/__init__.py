"""Reading a photographed sheet or tableau back: the scan marks printed on the kit
(`marks`), the photo reader (`reader`, `ink`) and the synthetic photo corpus (`corpus`)."""
