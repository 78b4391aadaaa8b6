var mf_member;
