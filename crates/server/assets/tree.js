// tree lab
